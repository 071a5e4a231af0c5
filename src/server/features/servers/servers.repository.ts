import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import type { Db } from '../../db/client';
import {
  catalogVersions,
  games,
  locations,
  openPlanChangeStatuses,
  openRegionMoveStatuses,
  openSoftwareSwitchStatuses,
  planChanges,
  regionMoves,
  serviceCancellations,
  servers,
  softwareSwitches,
  type SoftwareSwitchRow,
} from '../../db/schema';

const columns = {
  server: servers,
  gameName: games.name,
  locationLabel: locations.label,
  switching: {
    status: softwareSwitches.status,
    step: softwareSwitches.step,
    toSoftware: softwareSwitches.toSoftware,
    toVersion: softwareSwitches.toVersion,
  },
};

export type ServerWithLabels = {
  server: typeof servers.$inferSelect;
  gameName: string | null;
  locationLabel: string | null;
  /** A software switch under way (at most one per server). */
  switching?: Pick<SoftwareSwitchRow, 'status' | 'step' | 'toSoftware' | 'toVersion'> | null;
};

function selectServers(db: Db) {
  return db
    .select(columns)
    .from(servers)
    .leftJoin(games, eq(games.slug, servers.game))
    .leftJoin(locations, eq(locations.value, servers.location))
    .leftJoin(softwareSwitches, and(eq(softwareSwitches.serverId, servers.id), inArray(softwareSwitches.status, [...openSoftwareSwitchStatuses])));
}

/** The customer's servers, newest first. */
export function listOwnServers(db: Db, userId: string): Promise<ServerWithLabels[]> {
  return selectServers(db)
    .where(eq(servers.userId, userId))
    .orderBy(desc(servers.createdAt), desc(servers.id));
}

export async function findOwnServer(db: Db, userId: string, serverId: string): Promise<ServerWithLabels | null> {
  const [row] = await selectServers(db).where(and(eq(servers.userId, userId), eq(servers.id, serverId)));
  return row ?? null;
}

export async function latestOwnServer(db: Db, userId: string): Promise<ServerWithLabels | null> {
  const [row] = await selectServers(db)
    .where(eq(servers.userId, userId))
    .orderBy(desc(servers.createdAt), desc(servers.id))
    .limit(1);
  return row ?? null;
}

export async function ownServerForOrder(db: Db, userId: string, orderId: string): Promise<ServerWithLabels | null> {
  const [row] = await selectServers(db).where(and(eq(servers.userId, userId), eq(servers.orderId, orderId)));
  return row ?? null;
}

/** Any server by id, whoever owns it; callers decide who may see it (server-access.ts). */
export async function findServerWithLabels(db: Db, serverId: string): Promise<ServerWithLabels | null> {
  const [row] = await selectServers(db).where(eq(servers.id, serverId));
  return row ?? null;
}

/** For the owner's cards: the cancellations and the plan changes under way of these servers. */
export async function billingStateOf(db: Db, serverIds: string[]) {
  if (serverIds.length === 0) return { cancellations: [], changes: [], moves: [] };
  const [cancellations, changes, moves] = await Promise.all([
    db
      .select({ serverId: serviceCancellations.serverId, cancelAt: serviceCancellations.cancelAt })
      .from(serviceCancellations)
      .where(inArray(serviceCancellations.serverId, serverIds)),
    db
      .select()
      .from(planChanges)
      .where(and(inArray(planChanges.serverId, serverIds), inArray(planChanges.status, [...openPlanChangeStatuses]))),
    db
      .select({ serverId: regionMoves.serverId, toLabel: regionMoves.toLabel })
      .from(regionMoves)
      .where(and(inArray(regionMoves.serverId, serverIds), inArray(regionMoves.status, [...openRegionMoveStatuses]))),
  ]);
  return { cancellations, changes, moves };
}

/** The add-ons of the catalog version a service was sold with (none for a service without one), as the provisioning job reads them. */
export async function addonsAtVersion(db: Db, version: number | null): Promise<CatalogDraft['addons']> {
  if (version == null) return [];
  const [row] = await db.select({ catalog: catalogVersions.catalog }).from(catalogVersions).where(eq(catalogVersions.version, version));
  return row?.catalog.addons ?? [];
}
