import {
  readyServerStatuses,
  type OwnedServerView,
  type ServerStatusResponse,
  type ServerView,
} from '../../../shared/schemas/servers';
import { serverSoftware, softwareName } from '../../../shared/schemas/software-switch';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { toPlanChangeView } from './plan-change-view';
import {
  billingStateOf,
  findOwnServer,
  latestOwnServer,
  listOwnServers,
  ownServerForOrder,
  type ServerWithLabels,
} from './servers.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toServerView({ server, gameName, locationLabel, switching }: ServerWithLabels): ServerView {
  const address = server.ip && server.port ? `${server.ip}:${server.port}` : null;
  return {
    id: server.id,
    userId: server.userId,
    orderId: server.orderId,
    name: server.name,
    game: server.game,
    gameName: gameName ?? server.game,
    status: server.status,
    ram: server.ramGb,
    cpu: server.vcpu,
    disk: server.diskGb,
    location: server.location,
    locationLabel: locationLabel ?? server.location,
    ip: server.ip,
    port: server.port,
    address,
    extraPorts: server.extraPorts,
    panelUrl: server.panelUrl,
    planName: server.planName,
    playerCap: server.playerCap,
    failureReason: server.status === 'failed' ? server.failureReason : null,
    software: serverSoftware(server),
    softwareSwitch:
      switching && (switching.status === 'running' || switching.status === 'rolling_back')
        ? { status: switching.status, step: switching.step, to: `${softwareName(switching.toSoftware)} ${switching.toVersion}` }
        : null,
    createdAt: server.createdAt.toISOString(),
    renewsAt: server.renewsAt.toISOString(),
  };
}

/** The owner's servers, each with its cancellation date and any plan change under way. */
export async function listServers(db: Db, userId: string): Promise<OwnedServerView[]> {
  const rows = await listOwnServers(db, userId);
  const { cancellations, changes, moves } = await billingStateOf(
    db,
    rows.map((r) => r.server.id),
  );
  return rows.map((row) => {
    const cancelAt = cancellations.find((c) => c.serverId === row.server.id)?.cancelAt ?? null;
    const change = changes.find((c) => c.serverId === row.server.id);
    const move = moves.find((m) => m.serverId === row.server.id);
    return {
      ...toServerView(row),
      cancelAt: cancelAt?.toISOString() ?? null,
      planChange: change ? toPlanChangeView(change) : null,
      moving: move ? { toLabel: move.toLabel } : null,
    };
  });
}

/** The customer's own server; anyone else's, or a malformed id, is a 404 (never a 403 that confirms it exists). */
export async function getServer(db: Db, userId: string, serverId: string): Promise<ServerView> {
  const row = UUID.test(serverId) ? await findOwnServer(db, userId, serverId) : null;
  if (!row) throw notFound('Server not found');
  return toServerView(row);
}

export async function serverStatus(db: Db, userId: string, orderId?: string): Promise<ServerStatusResponse> {
  let row: ServerWithLabels | null;
  if (orderId !== undefined) row = UUID.test(orderId) ? await ownServerForOrder(db, userId, orderId) : null;
  else row = await latestOwnServer(db, userId);
  const ready = row !== null && (readyServerStatuses as readonly string[]).includes(row.server.status);
  return { hasServer: ready, server: row ? toServerView(row) : null };
}
