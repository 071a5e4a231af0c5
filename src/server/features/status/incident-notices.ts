import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { statusIncidents, statusLatest } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Logger } from '../../lib/logger';
import { latestVersion } from '../catalog';
import { storedEmailKeys } from '../emails';
import { sendIncidentNotice } from './status.emails';
import { customersIn, getIncident } from './status.repository';

/** What the fan-out needs: the database, the outbox and the words of the email. */
export interface NoticeSendDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: Logger;
}

export interface IncidentNotice {
  incidentId: string;
  message: string;
}

/**
 * The durable half (jobs/status-notices.ts, decision 074): `record` writes the fan-out in the
 * notice's own transaction, and a worker runs `sendIncidentNotices` for it.
 */
export interface NoticesOwed {
  prepare(): Promise<void>;
  record(tx: Executor, notice: IncidentNotice): Promise<void>;
  wake(): void;
  pending(incidentIds: string[]): Promise<Set<string>>;
}

/** The locations a notice reaches: those chosen, and those of the panel nodes chosen. */
async function affectedLocations(db: Db, components: readonly string[], locations: readonly string[]) {
  const nodes = components.filter((c) => c.startsWith('node:'));
  const nodeLocations = nodes.length
    ? (await db.select({ location: statusLatest.location }).from(statusLatest).where(inArray(statusLatest.component, nodes))).map((r) => r.location)
    : [];
  return [...new Set([...locations, ...nodeLocations.filter((l): l is string => !!l)])];
}

/** One key per notice and customer: the outbox stores it once, however often the fan-out runs. */
export const noticeKey = (incidentId: string, userId: string) => `status-notice:${incidentId}:${userId}`;

const NOTICE_SENDERS = 6;

/**
 * Emails each customer with a live server in an affected location who has not had this notice yet,
 * six at a time, then records how many have it. A failed send does not stop the others; it is
 * thrown at the end so the job tries again, for those only.
 */
export async function sendIncidentNotices(deps: NoticeSendDeps, notice: IncidentNotice): Promise<number> {
  const incident = await getIncident(deps.db, notice.incidentId);
  if (!incident) return 0;
  const recipients = await customersIn(deps.db, await affectedLocations(deps.db, incident.components, incident.locations));
  const catalog = (await latestVersion(deps.db))?.catalog.locations ?? [];
  const done = await storedEmailKeys(deps.db, recipients.map((r) => noticeKey(incident.id, r.userId)));
  const owed = recipients.filter((r) => !done.has(noticeKey(incident.id, r.userId)));
  let sent = done.size;
  let failed = 0;
  let next = 0;
  const worker = async () => {
    while (next < owed.length) {
      const r = owed[next++]!;
      try {
        await sendIncidentNotice(deps, r.userId, incident, notice.message, noticeKey(incident.id, r.userId), catalog);
        sent += 1;
      } catch (err) {
        failed += 1;
        deps.log.warn({ err, incidentId: incident.id }, 'status notice email failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(NOTICE_SENDERS, owed.length) }, worker));
  await deps.db.update(statusIncidents).set({ notified: sent }).where(eq(statusIncidents.id, incident.id));
  if (failed > 0) throw new Error(`${failed} of ${recipients.length} status notice emails failed`);
  return sent;
}
