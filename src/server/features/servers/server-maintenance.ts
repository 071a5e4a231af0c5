import { isPowerStatus, panelRefOf, type ManagementDeps } from './server-access';
import { takeAutomaticBackups } from './backups.service';
import { syncStatus } from './power.service';
import { runScheduledRestarts } from './restart-schedule.service';
import { pruneUsageSamples, recordUsageSample, serversIn } from './server-management.repository';

const SAMPLES_KEPT_MS = 2 * 3_600_000;

/**
 * Once a minute: a usage sample of every running server (for panels that keep no history), and
 * the status of every server caught mid-transition brought in line with the panel.
 */
export async function sampleUsage(deps: ManagementDeps): Promise<number> {
  const sampling = !deps.panel.usageHistory;
  const servers = await serversIn(deps.db, sampling ? ['online', 'starting', 'stopping'] : ['starting', 'stopping']);
  let sampled = 0;
  for (const server of servers) {
    const ref = panelRefOf(server);
    if (!ref) continue;
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
