import type { RestartSchedule } from '../../../shared/schemas/servers';
import { logActivity, said } from '../../lib/activity';
import { onPanel, refuseWhileBusy, serverFor, panelRefOf, serverConflict, type ManagementDeps } from './server-access';
import { allRestartSchedules, claimRestartSlot, moveStatus, restartScheduleOf, saveRestartSchedule } from './server-management.repository';

const DAY = 86_400_000;
/** A slot missed by more than this (the app was down) is skipped rather than run late. */
const LATE_MS = 10 * 60_000;

/** The latest moment at HH:MM UTC that is not after `now`. */
export function latestSlot(time: string, now: Date): Date {
  const [h, m] = time.split(':').map(Number);
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m));
  return slot.getTime() > now.getTime() ? new Date(slot.getTime() - DAY) : slot;
}

export async function getRestartSchedule(deps: ManagementDeps, userId: string, serverId: string): Promise<RestartSchedule> {
  const { server } = await serverFor(deps.db, userId, serverId, 'settings');
  return { restartAt: await restartScheduleOf(deps.db, server.id) };
}

/** Sets (or clears) the daily restart. A time already past today first runs tomorrow. */
export async function setRestartSchedule(deps: ManagementDeps, userId: string, serverId: string, time: string | null): Promise<RestartSchedule> {
  const { server } = await serverFor(deps.db, userId, serverId, 'settings');
  if (server.status === 'failed' || server.status === 'cancelled') {
    throw serverConflict('server_not_ready', server.status === 'failed' ? 'This server could not be set up.' : 'This server has been cancelled.');
  }
  const now = deps.clock.now();
  await saveRestartSchedule(deps.db, server.id, time, time ? latestSlot(time, now) : now, now);
  await logActivity(deps, {
    userId: server.userId,
    kind: 'server',
    text: time ? said('activity.restart.set', { server: server.name, time }) : said('activity.restart.off', { server: server.name }),
    subjectId: server.id,
  });
  return { restartAt: time };
}

/**
 * Restarts every running server whose daily time has come (once per day, claimed by a
 * compare-and-set); a stopped or suspended server is left alone. Answers how many restarted.
 */
export async function runScheduledRestarts(deps: ManagementDeps & { watch?: (serverId: string) => void }): Promise<number> {
  const now = deps.clock.now();
  let restarted = 0;
  for (const { schedule, server } of await allRestartSchedules(deps.db)) {
    const slot = latestSlot(schedule.restartAt, now);
    if (schedule.lastRunAt && schedule.lastRunAt.getTime() >= slot.getTime()) continue;
    if (!(await claimRestartSlot(deps.db, server.id, slot))) continue;
    const ref = panelRefOf(server);
    if (now.getTime() - slot.getTime() > LATE_MS || !ref || (server.status !== 'online' && server.status !== 'starting')) continue;
    try {
      // A server being moved or switching software is stopped and restarted by that work: its restart is skipped.
      await refuseWhileBusy(deps.db, server.id);
      await onPanel(deps, 'scheduled restart', () => deps.panel.power(ref, 'restart'));
      const moved = await moveStatus(deps.db, server.id, ['online', 'starting'], 'stopping', now);
      deps.events.publish(server.userId, { topic: 'servers', id: server.id });
      await logActivity(deps, { userId: server.userId, kind: 'power', text: said('activity.restart.done', { server: server.name }), subjectId: server.id });
      if (moved) deps.watch?.(server.id);
      restarted += 1;
    } catch (error) {
      deps.log.warn({ err: error, serverId: server.id }, 'scheduled restart failed');
    }
  }
  return restarted;
}
