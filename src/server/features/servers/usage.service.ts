import type { PlayerList, ResourceHistory, ServerResources } from '../../../shared/schemas/servers';
import type { PanelBackup, PanelResources } from '../../integrations/panel/game-panel';
import { withPanelPriority } from '../../integrations/panel/panel-budget';
import { syncStatus } from './power.service';
import { isPowerStatus, onPanel, serverFor, panelRefOf, type ManagementDeps, type ServerRow } from './server-access';
import { recordUsageSample, usageSamples } from './server-management.repository';

const GIB = 1024 ** 3;
const HOUR = 3_600_000;

function limits(server: ServerRow) {
  return {
    cpuLimitPercent: Math.round(server.vcpu * 100),
    memoryLimitBytes: server.ramGb * GIB,
    diskLimitBytes: server.diskGb * GIB,
  };
}

function lastCompleted(backups: PanelBackup[]): string | null {
  const done = backups.filter((b) => b.completedAt).map((b) => b.completedAt!.getTime());
  return done.length > 0 ? new Date(Math.max(...done)).toISOString() : null;
}

/** The panel's state as it is, without syncing ours (a read that changes nothing). */
function shownState(server: ServerRow, panelState: string): string {
  return panelState === 'suspended' || isPowerStatus(panelState) ? panelState : server.status;
}

/** Syncs our status with the panel's, and keeps a usage sample when the panel has no history of its own. */
async function syncedState(deps: ManagementDeps, server: ServerRow, usage: PanelResources): Promise<string> {
  const synced = await syncStatus(deps, server, usage.state);
  if (!deps.panel.usageHistory && isPowerStatus(usage.state)) {
    await recordUsageSample(deps.db, server.id, deps.clock.now(), usage.cpuPercent, usage.memoryBytes).catch(() => undefined);
  }
  return usage.state === 'suspended' ? 'suspended' : synced.status;
}

/**
 * Live usage against the plan; zeros for a server the panel is not running (set up, suspended, failed).
 * `readOnly` (staff viewing as the customer) shows the panel's state without syncing ours or keeping a sample.
 */
export async function serverResources(deps: ManagementDeps, userId: string, serverId: string, options: { readOnly?: boolean } = {}): Promise<ServerResources> {
  const { server } = await serverFor(deps.db, userId, serverId, 'view');
  const ref = panelRefOf(server);
  const quiet = <T>(promise: Promise<T>, fallback: T) => promise.catch(() => fallback);
  if (!ref || !isPowerStatus(server.status)) {
    const backups = ref && server.status === 'suspended' ? await quiet(deps.panel.listBackups(ref), []) : [];
    return {
      state: server.status,
      ...limits(server),
      cpuPercent: 0,
      memoryBytes: 0,
      diskBytes: 0,
      uptimeSeconds: 0,
      players: { online: 0, max: server.playerCap },
      lastBackupAt: lastCompleted(backups),
    };
  }
  // A page polls this every 10 s: its panel reads come after customers' actions (decision 048).
  const [usage, players, backups] = await withPanelPriority('refresh', () =>
    Promise.all([
      onPanel(deps, 'resources', () => deps.panel.resources(ref)),
      quiet(deps.panel.players(ref, { game: server.game, ip: server.ip, port: server.port, max: server.playerCap }), { online: 0, list: [] }),
      quiet(deps.panel.listBackups(ref), []),
    ]),
  );
  const state = options.readOnly ? shownState(server, usage.state) : await syncedState(deps, server, usage);
  return {
    state,
    ...limits(server),
    cpuPercent: usage.cpuPercent,
    memoryBytes: usage.memoryBytes,
    diskBytes: usage.diskBytes,
    uptimeSeconds: usage.uptimeSeconds,
    players: { online: Math.min(players.online, server.playerCap), max: server.playerCap },
    lastBackupAt: lastCompleted(backups),
  };
}

/** CPU and memory a minute apart over the last hour: the panel's own history, or our samples. */
export async function resourceHistory(deps: ManagementDeps, userId: string, serverId: string): Promise<ResourceHistory> {
  const { server } = await serverFor(deps.db, userId, serverId, 'view');
  const ref = panelRefOf(server);
  if (!ref || server.status === 'provisioning' || server.status === 'installing') return { points: [] };
  const to = deps.clock.now();
  const from = new Date(to.getTime() - HOUR);
  const history = deps.panel.usageHistory;
  const points = history
    ? await onPanel(deps, 'usage history', () => history.call(deps.panel, ref, from, to))
    : await usageSamples(deps.db, server.id, from);
  return {
    points: points.map((p) => ({ at: p.at.toISOString(), cpuPercent: p.cpuPercent, memoryBytes: p.memoryBytes })),
  };
}

/** Who is online now; nobody while the server is not running. */
export async function serverPlayers(deps: ManagementDeps, userId: string, serverId: string): Promise<PlayerList> {
  const { server } = await serverFor(deps.db, userId, serverId, 'view');
  const ref = panelRefOf(server);
  if (!ref || (server.status !== 'online' && server.status !== 'starting')) return { players: [], max: server.playerCap };
  const players = await onPanel(deps, 'players', () =>
    deps.panel.players(ref, { game: server.game, ip: server.ip, port: server.port, max: server.playerCap }),
  );
  return {
    players: players.list
      .slice(0, server.playerCap)
      .map((p) => ({ name: p.name, joinedAt: p.joinedAt.toISOString() })),
    max: server.playerCap,
  };
}
