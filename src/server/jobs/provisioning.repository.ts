import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { panelEffects } from '../../shared/delivery';
import { locationLabels } from '../../shared/catalog-texts';
import type { Locale } from '../../shared/i18n/locales';
import { withSampleTranslations } from '../db/seed/catalog-default';
import { effectiveMapping, mappingWithAddons, type PanelMapping } from '../../shared/panel-mapping';
import { panelBackupAllowance } from '../integrations/panel/backup-policy';
import { catalogVersions, locations, orders, panelAccounts, purchases, servers, users, type ServerStatus } from '../db/schema';

export type ServerRow = typeof servers.$inferSelect;

export interface JobServer {
  server: ServerRow;
  user: { id: string; email: string; firstName: string; lastName: string };
  locationLabel: string;
  /** The location's catalog label in each language it is translated to, at the service's version (decision 085). */
  locationLabels: Partial<Record<Locale, string>>;
  /** True once the order's payment was refunded. */
  refunded: boolean;
  /** The catalog's panel set-up of its game and plan, with its add-ons' databases and ports, at the service's catalog version. */
  panelMapping?: PanelMapping;
  /** Backup slots on the panel: the plan's own and its add-ons'. */
  backups: number;
}

export async function loadJobServer(db: Db, serverId: string): Promise<JobServer | null> {
  const [row] = await db
    .select({
      server: servers,
      user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
      locationLabel: locations.label,
      orderStatus: orders.status,
      purchaseStatus: purchases.status,
      catalog: catalogVersions.catalog,
    })
    .from(servers)
    .innerJoin(users, eq(users.id, servers.userId))
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .leftJoin(purchases, eq(purchases.orderId, servers.orderId))
    .leftJoin(locations, eq(locations.value, servers.location))
    .leftJoin(catalogVersions, eq(catalogVersions.version, servers.catalogVersion))
    .where(eq(servers.id, serverId));
  if (!row) return null;
  const game = row.catalog?.games.find((g) => g.slug === row.server.game)?.panel;
  const plan = row.catalog?.plans.find((p) => p.id === row.server.planId)?.panel;
  const addons = row.catalog?.addons ?? [];
  const mapping = mappingWithAddons(game || plan ? effectiveMapping(game, plan) : undefined, panelEffects(addons, row.server.addons));
  return {
    server: row.server,
    user: row.user,
    locationLabel: row.locationLabel ?? row.server.location,
    locationLabels: row.catalog ? locationLabels(withSampleTranslations(row.catalog).locations, row.server.location) : {},
    refunded: row.orderStatus === 'refunded' || row.purchaseStatus === 'refunded',
    ...(mapping ? { panelMapping: mapping } : {}),
    backups: panelBackupAllowance(row.server, addons),
  };
}

/** Remembers the panel user that stands for our user (the panel answered it by external id or email). */
export async function savePanelAccount(db: Db, userId: string, panelUserId: string, at: Date): Promise<void> {
  await db
    .insert(panelAccounts)
    .values({ userId, panelUserId, createdAt: at })
    .onConflictDoUpdate({ target: panelAccounts.userId, set: { panelUserId } });
}

/**
 * Moves the server from one of `from` to `to`, with the given fields, only if it is still there:
 * the compare-and-set that makes every transition happen once however many jobs race.
 */
export async function transition(
  db: Db,
  serverId: string,
  from: readonly ServerStatus[],
  to: ServerStatus,
  fields: Partial<Pick<ServerRow, 'failureReason' | 'panelServerId' | 'panelIdentifier' | 'panelUrl' | 'ip' | 'port'>> & {
    updatedAt: Date;
  },
): Promise<ServerRow | null> {
  const [row] = await db
    .update(servers)
    .set({ ...fields, status: to })
    .where(and(eq(servers.id, serverId), inArray(servers.status, [...from])))
    .returning();
  return row ?? null;
}

/** Fills in the address when the panel learnt it after the server was created. */
export async function saveAddress(db: Db, serverId: string, ip: string | null, port: number | null, extraPorts?: number[]) {
  await db.update(servers).set({ ip, port, ...(extraPorts ? { extraPorts } : {}) }).where(eq(servers.id, serverId));
}

/**
 * Servers whose provisioning is not finished: still being set up, and with `unrefunded`, failed
 * with the payment not yet refunded. The sweep queues a job for each (never twice).
 */
export async function unfinishedServers(db: Db, options: { unrefunded: boolean }): Promise<string[]> {
  const failedUnrefunded = options.unrefunded
    ? sql` or (${servers.status} = 'failed' and ${orders.status} = 'paid')`
    : sql``;
  const rows = await db
    .select({ id: servers.id })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .where(sql`${servers.status} in ('provisioning', 'installing')${failedUnrefunded}`);
  return rows.map((r) => r.id);
}

/** One more failed attempt, with the error as the panel gave it (staff read it; customers never do). */
export async function recordFailedAttempt(db: Db, serverId: string, error: string): Promise<void> {
  await db
    .update(servers)
    .set({ provisioningAttempts: sql`${servers.provisioningAttempts} + 1`, provisioningError: error })
    .where(eq(servers.id, serverId));
}

/** Rewrites a failed server's customer-facing reason (after the refund is made); false when it is no longer failed. */
export async function saveFailureReason(db: Db, serverId: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(servers)
    .set({ failureReason: reason })
    .where(and(eq(servers.id, serverId), eq(servers.status, 'failed')))
    .returning({ id: servers.id });
  return rows.length > 0;
}
