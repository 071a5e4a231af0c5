import { policy } from '../../../../shared/policy';
import type { AdminServerDetail, DeleteServerInput } from '../../../../shared/schemas/admin/servers';
import type { PowerAction } from '../../../../shared/schemas/servers';
import type { Executor } from '../../../db/client';
import { PanelError } from '../../../integrations/panel/game-panel';
import { logActivity, said, type ActivityText } from '../../../lib/activity';
import { badRequest, conflict, HttpError } from '../../../lib/errors';
import { powerAction } from '../../servers';
import { audited, recordAudit, type StaffActor } from '../../../lib/audit';
import { chargingChangeOf, orderRefunded, stopRenewals, updateServerFrom, type ServerDetailRow } from './servers.repository';
import { loadServerDetail, toDetail, type ServersAdminDeps } from './servers.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const powerAudit: Record<PowerAction, string> = { start: 'server.started', stop: 'server.stopped', restart: 'server.restarted' };
const powerStatuses = ['online', 'offline', 'starting', 'stopping'] as const;

/**
 * Panel calls run before the transaction that records the change: the simulated panel shares
 * the database, and PGlite's single connection would wait on the open transaction. A panel that
 * refuses therefore leaves no change and no audit record.
 */
async function onPanel<T>(deps: ServersAdminDeps, what: string, call: () => Promise<T>, options: { gone?: T } = {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PanelError)) throw error;
    // Deleting what the panel no longer has is done already.
    if (error.code === 'not_found' && 'gone' in options) return options.gone as T;
    deps.log.warn({ err: error, what }, 'game panel call failed');
    throw new HttpError(503, 'panel_unavailable', `The game panel did not answer (${what}). Nothing was changed; please try again.`);
  }
}

const moved = () => conflict('The server changed while you were working on it. Reload the page and try again.');

async function afterChange(deps: ServersAdminDeps, tx: Executor, server: { id: string; userId: string }, text: ActivityText) {
  await logActivity({ db: tx, clock: deps.clock, ids: deps.ids }, { userId: server.userId, kind: 'server', text, subjectId: server.id });
}

async function reload(deps: ServersAdminDeps, serverId: string): Promise<AdminServerDetail> {
  const detail = toDetail(deps, await loadServerDetail(deps, serverId));
  deps.events.publish(detail.owner.id, { topic: 'servers', id: serverId });
  return detail;
}

function target(row: ServerDetailRow) {
  return { targetType: 'server' as const, targetId: row.server.id, targetLabel: row.server.name };
}

/** Sets a failed server up again: the leftover panel server goes, the job starts from the top. */
export async function retryProvisioning(deps: ServersAdminDeps, actor: StaffActor, serverId: string, reason: string) {
  const row = await loadServerDetail(deps, serverId);
  const { server } = row;
  if (server.status !== 'failed') {
    throw conflict(`Only a server whose set-up failed can be retried; this one is ${server.status}.`);
  }
  const refusedAfterRefund = () =>
    conflict('The order was already refunded, so this server cannot be set up again. The customer can place a new order.');
  if (row.refunded) throw refusedAfterRefund();
  const leftover = server.panelServerId ?? (await onPanel(deps, 'find the server', () => deps.panel.findServer(server.id)))?.panelServerId;
  if (leftover) await onPanel(deps, 'delete the failed server', () => deps.panel.deleteServer(leftover), { gone: undefined });
  await audited(deps, actor, async (tx) => {
    if (await orderRefunded(tx, server.orderId)) throw refusedAfterRefund();
    const now = deps.clock.now();
    const next = await updateServerFrom(tx, server.id, ['failed'], {
      status: 'provisioning',
      failureReason: null,
      provisioningError: null,
      provisioningAttempts: 0,
      panelServerId: null,
      panelIdentifier: null,
      panelUrl: null,
      ip: null,
      port: null,
      updatedAt: now,
    });
    if (!next) throw moved();
    await afterChange(deps, tx, server, said('activity.staff.reprovision', { server: server.name }));
    return {
      result: next,
      audit: {
        action: 'server.retried',
        ...target(row),
        before: { status: 'failed', provisioningAttempts: server.provisioningAttempts, provisioningError: server.provisioningError },
        after: { status: 'provisioning' },
        reason,
      },
    };
  });
  await deps.provisioning.restart(server.id);
  return reload(deps, server.id);
}

export async function suspendServer(deps: ServersAdminDeps, actor: StaffActor, serverId: string, reason: string) {
  const row = await loadServerDetail(deps, serverId);
  const { server } = row;
  if (server.status === 'suspended') throw conflict('This server is already suspended.');
  if (!(powerStatuses as readonly string[]).includes(server.status) || !server.panelServerId) {
    throw conflict(`Only a running or stopped server can be suspended; this one is ${server.status}.`);
  }
  const suspend = deps.panel.suspendServer;
  if (!suspend) throw conflict('This game panel cannot suspend servers.');
  const panelId = server.panelServerId;
  await onPanel(deps, 'suspend', () => suspend.call(deps.panel, panelId));
  await audited(deps, actor, async (tx) => {
    const next = await updateServerFrom(tx, server.id, powerStatuses, {
      status: 'suspended',
      suspendedBy: 'staff',
      updatedAt: deps.clock.now(),
    });
    if (!next) throw moved();
    await afterChange(deps, tx, server, said('activity.staff.suspended', { server: server.name }));
    return {
      result: next,
      audit: { action: 'server.suspended', ...target(row), before: { status: server.status }, after: { status: 'suspended', suspendedBy: 'staff' }, reason },
    };
  });
  return reload(deps, server.id);
}

export async function unsuspendServer(deps: ServersAdminDeps, actor: StaffActor, serverId: string, reason: string) {
  const row = await loadServerDetail(deps, serverId);
  const { server } = row;
  if (server.status !== 'suspended') throw conflict('This server is not suspended.');
  if (server.suspendedBy === 'account') {
    throw conflict("This server is suspended with its owner's account. Unsuspend the account on the customer's page instead.");
  }
  if (server.suspendedBy !== 'staff') {
    throw conflict('This server is suspended for an unpaid renewal. It comes back on its own when the renewal is paid.');
  }
  const unsuspend = deps.panel.unsuspendServer;
  if (!unsuspend) throw conflict('This game panel cannot unsuspend servers.');
  if (server.panelServerId) {
    const panelId = server.panelServerId;
    await onPanel(deps, 'unsuspend', () => unsuspend.call(deps.panel, panelId));
  }
  await audited(deps, actor, async (tx) => {
    const next = await updateServerFrom(tx, server.id, ['suspended'], { status: 'offline', suspendedBy: null, updatedAt: deps.clock.now() });
    if (!next) throw moved();
    await afterChange(deps, tx, server, said('activity.staff.unsuspended', { server: server.name }));
    return {
      result: next,
      audit: { action: 'server.unsuspended', ...target(row), before: { status: 'suspended', suspendedBy: 'staff' }, after: { status: 'offline' }, reason },
    };
  });
  return reload(deps, server.id);
}

/**
 * Start, stop or restart through the customer's own power rules (features/servers/power.service.ts).
 * The power change happens on the panel; the audit record follows it once the panel accepted.
 */
export async function staffPower(
  deps: ServersAdminDeps & { watch?: (serverId: string) => void },
  actor: StaffActor,
  serverId: string,
  action: PowerAction,
  reason: string,
) {
  const row = await loadServerDetail(deps, serverId);
  const { server } = row;
  await powerAction(deps, server.userId, server.id, action, { byStaff: true });
  await deps.db.transaction(async (tx) =>
    recordAudit(tx, deps, actor, {
      action: powerAudit[action],
      ...target(row),
      before: { status: server.status },
      after: { power: action },
      reason,
    }),
  );
  return reload(deps, server.id);
}

async function newestBackup(deps: ServersAdminDeps, server: ServerDetailRow['server']) {
  if (!server.panelServerId) return null;
  try {
    const list = await deps.panel.listBackups({ panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? server.panelServerId });
    return list.filter((b) => b.successful && b.completedAt).sort((a, b) => +new Date(b.completedAt!) - +new Date(a.completedAt!))[0] ?? null;
  } catch (error) {
    deps.log.warn({ err: error, serverId: server.id }, 'staff delete: could not list backups');
    return null;
  }
}

/**
 * A change whose card charge is not settled may yet be paid: the server stays until it is, so the
 * payment is never for a server that is gone (decision 084).
 */
async function refuseWhileCharging(db: Executor, serverId: string): Promise<void> {
  const charging = await chargingChangeOf(db, serverId);
  if (charging) {
    throw conflict(`This server has a card payment that is not settled yet: ${charging}. Delete the server once that payment is settled (paid or failed).`);
  }
}

/**
 * Deletes the server on the panel and ends the service: no more renewals, status cancelled. The
 * newest backup is kept for policy.backupKeptAfterCancelDays, as when dunning deletes a server.
 */
export async function deleteServer(deps: ServersAdminDeps, actor: StaffActor, serverId: string, input: DeleteServerInput) {
  const row = await loadServerDetail(deps, serverId);
  const { server } = row;
  if (server.deletedAt || server.status === 'cancelled') throw conflict('This server is already deleted or cancelled.');
  if (input.confirmName !== server.name) {
    throw badRequest('The name does not match. Type the server name exactly to confirm.', {
      confirmName: `Type ${server.name} to confirm`,
    });
  }
  if (server.status === 'provisioning' || server.status === 'installing') {
    throw conflict('This server is still being set up. Wait until it is online or has failed, then delete it.');
  }
  if (server.status === 'failed' && !row.refunded) {
    throw conflict('This server failed to set up and its order is not refunded yet. Retry it, or wait for the automatic refund.');
  }
  await refuseWhileCharging(deps.db, server.id);
  const backup = await newestBackup(deps, server);
  if (server.panelServerId) {
    const panelId = server.panelServerId;
    await onPanel(deps, 'delete', () => deps.panel.deleteServer(panelId), { gone: undefined });
  }
  await audited(deps, actor, async (tx) => {
    const now = deps.clock.now();
    const kept = backup ? { id: backup.id, keptUntil: new Date(now.getTime() + policy.backupKeptAfterCancelDays * DAY_MS) } : null;
    const next = await updateServerFrom(tx, server.id, [server.status], {
      status: 'cancelled',
      deletedAt: now,
      suspendedBy: null,
      keptBackupId: kept?.id ?? null,
      backupKeptUntil: kept?.keptUntil ?? null,
      updatedAt: now,
    });
    if (!next) throw moved();
    // Again under the server's row: a change claimed meanwhile (claims lock the row) is seen.
    await refuseWhileCharging(tx, server.id);
    await stopRenewals(tx, server.id, now, kept);
    const words = kept
      ? said('activity.staff.deletedKept', { server: server.name }, { dates: { date: kept.keptUntil.toISOString() } })
      : said('activity.staff.deleted', { server: server.name });
    await afterChange(deps, tx, server, words);
    return {
      result: next,
      audit: {
        action: 'server.deleted',
        ...target(row),
        before: { status: server.status, panelServerId: server.panelServerId },
        after: { status: 'cancelled', keptBackupId: kept?.id ?? null, backupKeptUntil: kept?.keptUntil.toISOString() ?? null },
        reason: input.reason,
      },
    };
  });
  return reload(deps, server.id);
}
