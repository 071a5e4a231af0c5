import type { PowerAction, ServerView } from '../../../shared/schemas/servers';
import type { PanelServerState } from '../../integrations/panel/game-panel';
import { logActivity, said } from '../../lib/activity';
import { isPowerStatus, manageable, onPanel, refuseWhileBusy, serverFor, serverConflict, type ManagementDeps, type PowerStatus, type ServerRow } from './server-access';
import { moveStatus, serverById } from './server-management.repository';
import { toServerView } from './servers.service';

/** After our own power action, a panel still showing the old state is not believed for this long. */
const GRACE_MS = 3_000;

/**
 * Brings our status in line with the panel's power state (the panel is the truth once a
 * transition is under way), and tells the owner's open pages when it changed. Suspension,
 * installs and failures are ours to decide, never the panel's power state.
 */
export async function syncStatus(deps: ManagementDeps, server: ServerRow, panelState: PanelServerState): Promise<ServerRow> {
  if (!isPowerStatus(server.status) || !isPowerStatus(panelState) || server.status === panelState) return server;
  const recent = deps.clock.now().getTime() - server.updatedAt.getTime() < GRACE_MS;
  const running = (s: string) => s === 'online' || s === 'starting';
  if (recent && server.status === 'stopping' && running(panelState)) return server;
  if (recent && server.status === 'starting' && !running(panelState)) return server;
  const moved = await moveStatus(deps.db, server.id, [server.status], panelState, deps.clock.now());
  if (!moved) return (await serverById(deps.db, server.id)) ?? server;
  deps.events.publish(moved.userId, { topic: 'servers', id: moved.id });
  return moved;
}

/** Reads the panel's state and syncs ours; answers the effective status ('suspended' when the panel says so). */
export async function refreshStatus(deps: ManagementDeps, server: ServerRow): Promise<{ server: ServerRow; state: string }> {
  const ref = manageable(server);
  const resources = await onPanel(deps, 'resources', () => deps.panel.resources(ref));
  const synced = await syncStatus(deps, server, resources.state);
  return { server: synced, state: resources.state === 'suspended' ? 'suspended' : synced.status };
}

/**
 * Start, stop or restart; 409 for a suspended or unready server, a start of a running one and
 * a stop of a stopped one. The status moves to starting or stopping at once; the panel's own
 * transition is picked up by `watch`, by the next usage read, or by the minute job.
 */
export async function powerAction(
  deps: ManagementDeps & { watch?: (serverId: string) => void },
  userId: string,
  serverId: string,
  action: PowerAction,
  options: { byStaff?: boolean } = {},
): Promise<ServerView> {
  const owned = await serverFor(deps.db, userId, serverId, 'power');
  await refuseWhileBusy(deps.db, serverId);
  const ref = manageable(owned.server);
  const { server, state } = await refreshStatus(deps, owned.server);
  if (state === 'suspended') throw serverConflict('server_suspended');
  const running = state === 'online' || state === 'starting';
  if (action === 'start' && running) throw serverConflict('already_running');
  if (action === 'stop' && !running) throw serverConflict('already_stopped');
  await onPanel(deps, `power ${action}`, () => deps.panel.power(ref, action));
  const next: PowerStatus = action === 'start' || (action === 'restart' && !running) ? 'starting' : 'stopping';
  const moved = (await moveStatus(deps.db, server.id, ['online', 'offline', 'starting', 'stopping'], next, deps.clock.now())) ?? server;
  deps.events.publish(moved.userId, { topic: 'servers', id: moved.id });
  await logActivity(deps, {
    userId: moved.userId,
    kind: 'power',
    text: said('activity.power.done', { server: moved.name, action, by: options.byStaff ? 'staff' : 'owner' }),
    subjectId: moved.id,
  });
  deps.watch?.(moved.id);
  return toServerView({ ...owned, server: moved });
}

/**
 * Looks at the panel a few times after a power action, so open pages hear of online/offline
 * without waiting for the minute job. In-process only; the minute job is the durable fallback.
 */
export function createPowerWatcher(deps: ManagementDeps, checksMs: readonly number[] = [2_000, 5_000, 9_000, 15_000, 30_000, 60_000]) {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;

  function check(serverId: string, index: number) {
    if (stopped || index >= checksMs.length) return;
    const delay = checksMs[index]! - (index > 0 ? checksMs[index - 1]! : 0);
    const timer = setTimeout(() => {
      timers.delete(timer);
      void (async () => {
        const server = await serverById(deps.db, serverId);
        if (!server || stopped || !isPowerStatus(server.status) || !server.panelServerId) return;
        const { server: synced } = await refreshStatus(deps, server);
        if (synced.status === 'starting' || synced.status === 'stopping') check(serverId, index + 1);
      })().catch((error: unknown) => {
        if (!stopped) deps.log.warn({ err: error, serverId }, 'power watch failed');
      });
    }, delay);
    timer.unref();
    timers.add(timer);
  }

  return {
    watch: (serverId: string) => check(serverId, 0),
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
