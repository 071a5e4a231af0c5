import { withPanelPriority } from '../../integrations/panel/panel-budget';
import { isPowerStatus, panelRefOf, type ManagementDeps } from './server-access';
import { takeAutomaticBackups } from './backups.service';
import { syncStatus } from './power.service';
import { runScheduledRestarts } from './restart-schedule.service';
import { pruneUsageSamples, recordUsageSample, serversIn } from './server-management.repository';

const SAMPLES_KEPT_MS = 2 * 3_600_000;

/** How long a sampling round may run: it must end before the next minute's round starts. */
const ROUND_MS = 50_000;

/**
 * The servers one round looks at. Those mid-transition always (their status is brought in line);
 * of the running ones, all when the panel has no rate budget, else at most the sampler's share of
 * it, a different slice each minute so every server comes round in turn (docs/decisions/048).
 */
export function samplingRound<T extends { id: string; status: string }>(servers: T[], perMinute: number | undefined, minute: number): T[] {
  const moving = servers.filter((s) => s.status === 'starting' || s.status === 'stopping');
  const running = servers.filter((s) => s.status !== 'starting' && s.status !== 'stopping').sort((a, b) => (a.id < b.id ? -1 : 1));
  if (perMinute === undefined) return [...moving, ...running];
  const room = Math.max(0, perMinute - moving.length);
  if (running.length <= room) return [...moving, ...running];
  const start = (minute * room) % running.length;
  const slice = running.slice(start, start + room);
  if (slice.length < room) slice.push(...running.slice(0, room - slice.length));
  return [...moving, ...slice];
}

/**
 * Once a minute: a usage sample of every running server (for panels that keep no history), and
 * the status of every server caught mid-transition brought in line with the panel. On a panel with
 * a rate budget the round samples its share, spaced across the minute, at the lowest priority.
 */
export function sampleUsage(deps: ManagementDeps): Promise<number> {
  return withPanelPriority('background', () => sampleRound(deps));
}

async function sampleRound(deps: ManagementDeps): Promise<number> {
  const sampling = !deps.panel.usageHistory;
  const perMinute = deps.panel.samplesPerMinute;
  const startedAt = Date.now();
  const all = await serversIn(deps.db, sampling ? ['online', 'starting', 'stopping'] : ['starting', 'stopping']);
  const servers = samplingRound(all, perMinute, Math.floor(deps.clock.now().getTime() / 60_000));
  const spacingMs = perMinute ? ROUND_MS / Math.max(servers.length, perMinute) : 0;
  let sampled = 0;
  for (const [i, server] of servers.entries()) {
    const ref = panelRefOf(server);
    if (!ref) continue;
    if (perMinute) {
      const due = startedAt + i * spacingMs;
      if (Date.now() - startedAt > ROUND_MS) break;
      if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
    }
    try {
      const usage = await deps.panel.resources(ref);
      await syncStatus(deps, server, usage.state);
      if (sampling && isPowerStatus(usage.state)) {
        await recordUsageSample(deps.db, server.id, deps.clock.now(), usage.cpuPercent, usage.memoryBytes);
        sampled += 1;
      }
    } catch (error) {
      deps.log.warn({ err: error, serverId: server.id }, 'usage sample failed');
    }
  }
  if (sampling) await pruneUsageSamples(deps.db, new Date(deps.clock.now().getTime() - SAMPLES_KEPT_MS));
  return sampled;
}

/** What the server-management jobs run (jobs/background-jobs.ts schedules them). */
export interface ServerMaintenance {
  runScheduledRestarts(): Promise<number>;
  takeAutomaticBackups(): Promise<number>;
  sampleUsage(): Promise<number>;
}

export function createServerMaintenance(deps: ManagementDeps & { watch?: (serverId: string) => void }): ServerMaintenance {
  return {
    runScheduledRestarts: () => runScheduledRestarts(deps),
    takeAutomaticBackups: () => takeAutomaticBackups(deps),
    sampleUsage: () => sampleUsage(deps),
  };
}
