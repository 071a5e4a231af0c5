import { softwareName } from '../../../../shared/schemas/software-switch';
import { latestSwitchOf } from '../../software-switch';
import type {
  AdminServerDetail,
  AdminServerList,
  AdminServerListQuery,
  AdminServerSummary,
} from '../../../../shared/schemas/admin/servers';
import { notFound } from '../../../lib/errors';
import type { AdminDeps } from '../admin-deps';
import { getBusinessRules } from '../../brand';
import { serverDetail, listServers, type ServerDetailRow, type ServerSummaryRow } from './servers.repository';

export type ServersAdminDeps = Pick<AdminDeps, 'config' | 'db' | 'clock' | 'ids' | 'panel' | 'events' | 'provisioning' | 'log'>;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toSummary(row: ServerSummaryRow): AdminServerSummary {
  const { server } = row;
  return {
    id: server.id,
    name: server.name,
    status: server.status,
    game: server.game,
    gameName: row.gameName ?? server.game,
    planName: server.planName,
    location: server.location,
    locationLabel: row.locationLabel ?? server.location,
    owner: { id: server.userId, email: row.ownerEmail },
    panelServerId: server.panelServerId,
    suspendedBy: server.suspendedBy ?? null,
    provisioningAttempts: server.provisioningAttempts,
    deletesAt: iso(row.deletesAt),
    createdAt: server.createdAt.toISOString(),
    updatedAt: server.updatedAt.toISOString(),
  };
}

export async function listAdminServers(deps: ServersAdminDeps, query: AdminServerListQuery): Promise<AdminServerList> {
  const { rows, total } = await listServers(deps.db, query, deps.clock.now(), (await getBusinessRules(deps.db)).deleteAfterDays);
  return { items: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize };
}

export function toDetail(deps: ServersAdminDeps, row: ServerDetailRow): AdminServerDetail {
  const { server, renewal } = row;
  const graceMs = deps.config.PROVISION_REFUND_GRACE_MINUTES * 60_000;
  const refundDueAt =
    server.status === 'failed' && !row.refunded ? new Date(server.updatedAt.getTime() + graceMs).toISOString() : null;
  const name = [row.ownerFirstName, row.ownerLastName].filter(Boolean).join(' ');
  return {
    ...toSummary(row),
    owner: { id: server.userId, email: row.ownerEmail, name },
    ramGb: server.ramGb,
    vcpu: server.vcpu,
    diskGb: server.diskGb,
    playerCap: server.playerCap,
    period: server.period,
    renewsAt: server.renewsAt.toISOString(),
    ip: server.ip,
    port: server.port,
    panelIdentifier: server.panelIdentifier,
    panelUrl: server.panelUrl,
    failureReason: server.failureReason,
    provisioningError: server.provisioningError,
    orderId: server.orderId,
    orderStatus: row.orderStatus,
    refunded: row.refunded,
    refundDueAt,
    renewal: renewal
      ? {
          status: renewal.status,
          periodStart: renewal.periodStart.toISOString(),
          periodEnd: renewal.periodEnd.toISOString(),
          attempts: renewal.attempts,
          nextAttemptAt: iso(renewal.nextAttemptAt),
          lastError: renewal.lastError,
          suspendedAt: iso(renewal.suspendedAt),
        }
      : null,
    cancelAt: iso(row.cancelAt),
    deletedAt: iso(server.deletedAt),
    keptBackupId: server.keptBackupId,
    backupKeptUntil: iso(server.backupKeptUntil),
  };
}

export async function getAdminServer(deps: ServersAdminDeps, serverId: string): Promise<AdminServerDetail> {
  const detail = toDetail(deps, await loadServerDetail(deps, serverId));
  const latest = await latestSwitchOf(deps.db, serverId);
  const named = (software: string | null, version: string | null) => `${softwareName(software ?? 'vanilla')}${version ? ` ${version}` : ''}`;
  return {
    ...detail,
    softwareSwitch: latest
      ? {
          status: latest.status,
          step: latest.step,
          from: named(latest.fromSoftware, latest.fromVersion),
          to: named(latest.toSoftware, latest.toVersion),
          reason: latest.reason,
          error: latest.error,
          createdAt: latest.createdAt.toISOString(),
          finishedAt: iso(latest.finishedAt),
        }
      : null,
  };
}

/** The detail of a server that must exist (after an action changed it). */
export async function loadServerDetail(deps: ServersAdminDeps, serverId: string): Promise<ServerDetailRow> {
  const row = await serverDetail(deps.db, serverId, (await getBusinessRules(deps.db)).deleteAfterDays);
  if (!row) throw notFound('Server not found');
  return row;
}
