import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statusIncidents, statusIncidentUpdates, statusLatest } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { audited, type StaffActor } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Clock, Ids } from '../../lib/runtime';
import {
  incidentStates,
  isClosedState,
  maintenanceStates,
  type IncidentCreate,
  type IncidentUpdate,
  type StatusIncident,
} from '../../../shared/schemas/status';
import { sendIncidentNotice } from './status.emails';
import { customersIn, getIncident, listIncidents } from './status.repository';

export interface IncidentDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  log: Logger;
  /** Called after each change, so the public page shows it at once (the status cache). */
  changed?: () => void;
}

export function staffIncidents(deps: Pick<IncidentDeps, 'db'>) {
  return listIncidents(deps.db, { limit: 100 });
}

/** The locations a notice reaches: those chosen, and those of the panel nodes chosen. */
async function affectedLocations(deps: Pick<IncidentDeps, 'db'>, components: readonly string[], locations: readonly string[]) {
  const nodes = components.filter((c) => c.startsWith('node:'));
  const nodeLocations = nodes.length
    ? (await deps.db.select({ location: statusLatest.location }).from(statusLatest).where(inArray(statusLatest.component, nodes))).map((r) => r.location)
    : [];
  return [...new Set([...locations, ...nodeLocations.filter((l): l is string => !!l)])];
}

const NOTICE_SENDERS = 6;

/** Emails each customer with a live server in an affected location, once; a failed send is logged, not fatal. */
async function notifyCustomers(deps: IncidentDeps, incident: StatusIncident, message: string): Promise<number> {
  const recipients = await customersIn(deps.db, await affectedLocations(deps, incident.components, incident.locations));
  let sent = 0;
  let next = 0;
  // A few at a time: a notice to every location reaches every customer with a server, and staff
  // wait for the count.
  const worker = async () => {
    while (next < recipients.length) {
      const r = recipients[next++]!;
      try {
        await sendIncidentNotice(deps, r.userId, incident, message);
        sent += 1;
      } catch (err) {
        deps.log.warn({ err, incidentId: incident.id }, 'status notice email failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(NOTICE_SENDERS, recipients.length) }, worker));
  return sent;
}

/** Posts an incident or maintenance notice with its first message (audited), then emails the affected customers. */
export async function createIncident(deps: IncidentDeps, actor: StaffActor, input: IncidentCreate): Promise<StatusIncident> {
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  await audited(deps, actor, async (tx) => {
    await tx.insert(statusIncidents).values({
      id,
      kind: input.kind,
      title: input.title,
      state: input.state,
      components: input.components,
      locations: input.locations,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      createdAt: now,
      createdBy: actor.id,
      resolvedAt: isClosedState(input.state) ? now : null,
    });
    await tx.insert(statusIncidentUpdates).values({ id: deps.ids.uuid(), incidentId: id, state: input.state, message: input.message, createdAt: now, createdBy: actor.id });
    return {
      result: undefined,
      audit: {
        action: input.kind === 'maintenance' ? 'maintenance.posted' : 'incident.posted',
        targetType: 'incident',
        targetId: id,
        targetLabel: input.title,
        after: { kind: input.kind, state: input.state, components: input.components, locations: input.locations, startsAt: input.startsAt, endsAt: input.endsAt },
        reason: input.reason,
      },
    };
  });
  deps.changed?.();
  const posted = await getIncident(deps.db, id);
  if (!posted) throw notFound('That incident no longer exists.');
  const notified = await notifyCustomers(deps, posted, input.message);
  if (notified > 0) await deps.db.update(statusIncidents).set({ notified }).where(eq(statusIncidents.id, id));
  return { ...posted, notified };
}

/** Adds a message and sets the state (audited); closing it records when. Customers are emailed only when it was posted. */
export async function updateIncident(deps: IncidentDeps, actor: StaffActor, id: string, input: IncidentUpdate): Promise<StatusIncident> {
  const now = deps.clock.now();
  await audited(deps, actor, async (tx) => {
    const [row] = await tx.select().from(statusIncidents).where(eq(statusIncidents.id, id)).for('update');
    if (!row) throw notFound('That incident does not exist.');
    const allowed: readonly string[] = row.kind === 'incident' ? incidentStates : maintenanceStates;
    if (!allowed.includes(input.state)) throw badRequest(`A ${row.kind} cannot be '${input.state}'.`);
    const resolvedAt = isClosedState(input.state) ? (row.resolvedAt ?? now) : null;
    await tx.update(statusIncidents).set({ state: input.state, resolvedAt }).where(eq(statusIncidents.id, id));
    await tx.insert(statusIncidentUpdates).values({ id: deps.ids.uuid(), incidentId: id, state: input.state, message: input.message, createdAt: now, createdBy: actor.id });
    return {
      result: undefined,
      audit: {
        action: `${row.kind}.updated`,
        targetType: 'incident',
        targetId: id,
        targetLabel: row.title,
        before: { state: row.state },
        after: { state: input.state },
        reason: input.reason ?? null,
      },
    };
  });
  deps.changed?.();
  const updated = await getIncident(deps.db, id);
  if (!updated) throw notFound('That incident does not exist.');
  return updated;
}
