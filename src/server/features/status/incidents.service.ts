import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { statusIncidents, statusIncidentUpdates } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { audited, type StaffActor } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Clock, Ids } from '../../lib/runtime';
import {
  incidentStates,
  isClosedState,
  maintenanceStates,
  type AdminIncident,
  type IncidentCreate,
  type IncidentUpdate,
  type StatusIncident,
} from '../../../shared/schemas/status';
import { sendIncidentNotices, type NoticesOwed } from './incident-notices';
import { getIncident, listIncidents } from './status.repository';

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
  /** The customers' emails, fanned out by a job written with the notice (decision 074). */
  notices: NoticesOwed;
}

async function withEmailing(deps: Pick<IncidentDeps, 'notices'>, incidents: StatusIncident[]): Promise<AdminIncident[]> {
  const pending = await deps.notices.pending(incidents.map((i) => i.id));
  return incidents.map((i) => ({ ...i, emailing: pending.has(i.id) }));
}

export async function staffIncidents(deps: Pick<IncidentDeps, 'db' | 'notices'>): Promise<AdminIncident[]> {
  return withEmailing(deps, await listIncidents(deps.db, { limit: 100 }));
}

/**
 * Posts an incident or maintenance notice with its first message (audited) and, in the same
 * transaction, the job that emails the affected customers: the answer does not wait for the mail.
 */
export async function createIncident(deps: IncidentDeps, actor: StaffActor, input: IncidentCreate): Promise<AdminIncident> {
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  const notice = { incidentId: id, message: input.message };
  // On PGlite the queue cannot be set up inside the transaction (decision 071): before it. If that
  // fails the notice still goes up, and this process sends its emails in the background.
  const durable = await deps.notices.prepare().then(
    () => true,
    (err: unknown) => {
      deps.log.error({ err, incidentId: id }, 'the status notice queue is not ready; emailing from this process only');
      return false;
    },
  );
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
    if (durable) await deps.notices.record(tx, notice);
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
  if (durable) deps.notices.wake();
  else void sendIncidentNotices(deps, notice).catch((err: unknown) => deps.log.error({ err, incidentId: id }, 'status notice emails failed'));
  return { ...posted, emailing: true };
}

/** Adds a message and sets the state (audited); closing it records when. Customers are emailed only when it was posted. */
export async function updateIncident(deps: IncidentDeps, actor: StaffActor, id: string, input: IncidentUpdate): Promise<AdminIncident> {
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
  return (await withEmailing(deps, [updated]))[0]!;
}
