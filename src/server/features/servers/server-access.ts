import { and, eq, isNotNull } from 'drizzle-orm';
import { serverPermissionLabels, type ServerPermission } from '../../../shared/schemas/server-sharing';
import { serverActionErrors, type ServerActionError } from '../../../shared/schemas/servers';
import type { Db } from '../../db/client';
import { serverShares } from '../../db/schema';
import { PanelError, type GamePanel, type PanelRef } from '../../integrations/panel/game-panel';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../lib/events';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import { findOwnServer, findServerWithLabels, type ServerWithLabels } from './servers.repository';
import { moveUnderWay, switchUnderWay } from './work-under-way';

export interface ManagementDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  panel: GamePanel;
  events: EventBus;
  log: Logger;
}

export type ServerRow = ServerWithLabels['server'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Statuses in which the panel runs the server and it can be managed. */
export const powerStatuses = ['online', 'offline', 'starting', 'stopping'] as const;
export type PowerStatus = (typeof powerStatuses)[number];

export function isPowerStatus(status: string): status is PowerStatus {
  return (powerStatuses as readonly string[]).includes(status);
}

export function serverConflict(code: ServerActionError, message: string = serverActionErrors[code]): HttpError {
  return new HttpError(409, code, message);
}

/** The customer's own server; anyone else's, or a malformed id, is a 404 (never a 403 that confirms it exists). */
export async function ownServer(db: Db, userId: string, serverId: string): Promise<ServerWithLabels> {
  const row = UUID.test(serverId) ? await findOwnServer(db, userId, serverId) : null;
  if (!row) throw notFound('Server not found');
  return row;
}

/**
 * What a route needs of the caller: a permission the owner can grant (console, power, backups,
 * files, settings), 'view' (the server's card, usage and players: anyone it is shared with), or
 * 'owner' (sharing it; billing routes check ownership on their own).
 */
export type ServerNeed = ServerPermission | 'view' | 'owner';

export interface ServerAccess extends ServerWithLabels {
  role: 'owner' | 'subuser';
  /** Every permission for the owner; what was granted for a subuser. */
  permissions: ServerPermission[];
  /** The subuser's share row (their panel username for SFTP), null for the owner. */
  share: typeof serverShares.$inferSelect | null;
}

const allPermissions = Object.keys(serverPermissionLabels) as ServerPermission[];

/**
 * The server the caller may act on for `need`. Someone it is neither owned by nor shared with
 * gets 404 (never confirming it exists); a subuser without the permission gets 403 naming it.
 */
export async function serverFor(db: Db, userId: string, serverId: string, need: ServerNeed): Promise<ServerAccess> {
  const row = UUID.test(serverId) ? await findServerWithLabels(db, serverId) : null;
  if (!row) throw notFound('Server not found');
  if (row.server.userId === userId) return { ...row, role: 'owner', permissions: allPermissions, share: null };
  const [share] = await db
    .select()
    .from(serverShares)
    .where(and(eq(serverShares.serverId, serverId), eq(serverShares.userId, userId), isNotNull(serverShares.acceptedAt)));
  if (!share) throw notFound('Server not found');
  if (need === 'owner') throw forbidden("Only the server's owner can do that.");
  if (need !== 'view' && !share.permissions.includes(need)) {
    throw forbidden(`You do not have the ${serverPermissionLabels[need].label.toLowerCase()} permission on this server. Ask its owner to grant it.`);
  }
  return { ...row, role: 'subuser', permissions: share.permissions, share };
}

const notReady: Record<string, string> = {
  provisioning: 'This server is still being set up.',
  installing: 'This server is still being set up.',
  failed: 'This server could not be set up.',
  cancelled: 'This server has been cancelled.',
};

/** The panel reference of a server that can be managed now: 409 when suspended or not set up. */
export function manageable(server: ServerRow): PanelRef {
  if (server.status === 'suspended') throw serverConflict('server_suspended');
  if (!isPowerStatus(server.status) || !server.panelServerId) {
    throw serverConflict('server_not_ready', notReady[server.status] ?? serverActionErrors.server_not_ready);
  }
  return { panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? server.panelServerId };
}

/**
 * Power, backups, file changes and scheduled restarts wait while the server moves or changes its
 * software: the move stops, backs up and replaces it; a switch backs it up, reinstalls it and
 * starts it, and a stop or an edit in between would be lost or read as the new software failing.
 */
export async function refuseWhileBusy(db: Db, serverId: string): Promise<void> {
  if (await moveUnderWay(db, serverId)) throw serverConflict('server_moving');
  if (await switchUnderWay(db, serverId)) throw serverConflict('server_switching');
}

/** The panel reference when the panel has the server at all (backups outlive a suspension). */
export function panelRefOf(server: ServerRow): PanelRef | null {
  if (!server.panelServerId) return null;
  return { panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? server.panelServerId };
}

const panelCodes: Partial<Record<string, ServerActionError>> = {
  suspended: 'server_suspended',
  not_ready: 'server_not_ready',
  server_offline: 'server_offline',
  backup_limit: 'backup_limit',
  backup_not_ready: 'backup_not_ready',
};

/** Runs a panel call; its refusals become the API's 409s, anything else a 503 without internals. */
export async function onPanel<T>(deps: Pick<ManagementDeps, 'log'>, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof PanelError)) throw error;
    const code = panelCodes[error.code];
    if (code) throw serverConflict(code);
    if (error.code === 'not_found') throw serverConflict('server_not_ready', 'The game panel no longer has this server.');
    deps.log.warn({ err: error, what }, 'game panel call failed');
    throw new HttpError(503, 'panel_unavailable', serverActionErrors.panel_unavailable);
  }
}
