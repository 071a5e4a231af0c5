import { desc, notInArray, and, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { catalogVersions, servers } from '../../../db/schema';
import type { CatalogUsage } from '../../../../shared/schemas/admin/catalog';

const running = () => and(notInArray(servers.status, ['cancelled', 'failed']), isNull(servers.deletedAt));

/** How many running services use each plan, add-on, period, location and game. */
export async function catalogUsage(db: Db): Promise<CatalogUsage> {
  const count = sql<number>`count(*)::int`;
  const [plans, periods, locations, games, addons, software] = await Promise.all([
    db.select({ key: servers.planId, n: count }).from(servers).where(running()).groupBy(servers.planId),
    db.select({ key: servers.period, n: count }).from(servers).where(running()).groupBy(servers.period),
    db.select({ key: servers.location, n: count }).from(servers).where(running()).groupBy(servers.location),
    db.select({ key: servers.game, n: count }).from(servers).where(running()).groupBy(servers.game),
    db
      .select({ key: sql<string>`a.key`, n: count })
      .from(servers)
      .innerJoin(sql`jsonb_each(${servers.addons}) as a(key, value)`, sql`(a.value)::int > 0`)
      .where(running())
      .groupBy(sql`a.key`),
    db
      .select({ key: sql<string>`coalesce(${servers.software}, 'vanilla')`, n: count })
      .from(servers)
      .where(and(running(), sql`${servers.game} = 'minecraft'`))
      .groupBy(sql`coalesce(${servers.software}, 'vanilla')`),
  ]);
  const asRecord = (rows: { key: string; n: number }[]) => Object.fromEntries(rows.map((r) => [r.key, r.n]));
  return { plans: asRecord(plans), periods: asRecord(periods), locations: asRecord(locations), games: asRecord(games), addons: asRecord(addons), software: asRecord(software) };
}

export async function listVersions(db: Db, limit: number) {
  return db
    .select({
      version: catalogVersions.version,
      createdAt: catalogVersions.createdAt,
      createdByEmail: catalogVersions.createdByEmail,
      note: catalogVersions.note,
    })
    .from(catalogVersions)
    .orderBy(desc(catalogVersions.version))
    .limit(limit);
}

/** Serialises saves: one version is written at a time, so a save always knows the version it follows. */
export async function lockCatalog(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('catalog-versions'))`);
}
