import { asc, sql } from 'drizzle-orm';
import type { Catalog } from '../../../shared/catalog';
import { essentialsSlug } from '../../../shared/catalog';
import type { Db } from '../../db/client';
import { addons, billingPeriods, games, locations, plans, upgradePacks } from '../../db/schema';
import { defaultCatalog } from '../../db/seed/catalog-default';

export function packSlug(id: string, brand: string): string {
  return id === 'essentials' ? essentialsSlug(brand) : id;
}

export async function readCatalog(db: Db, brand: string): Promise<Catalog> {
  const [g, p, a, per, loc, packs] = await Promise.all([
    db.select().from(games).orderBy(asc(games.sort)),
    db.select().from(plans).orderBy(asc(plans.game), asc(plans.sort)),
    db.select().from(addons).orderBy(asc(addons.sort)),
    db.select().from(billingPeriods).orderBy(asc(billingPeriods.sort)),
    db.select().from(locations).orderBy(asc(locations.sort)),
    db.select().from(upgradePacks).orderBy(asc(upgradePacks.sort)),
  ]);
  return {
    games: g,
    plans: p.filter((row) => row.active).map(({ active: _active, ...plan }) => plan),
    addons: a,
    periods: per,
    locations: loc,
    packs: packs.map((pack) => ({ ...pack, slug: packSlug(pack.id, brand) })),
  };
}

/** Seeds the checked-in default into an empty catalog; a catalog staff have edited is left alone. */
export async function seedCatalog(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(games);
    if ((row?.count ?? 0) > 0) return false;
    await tx.insert(games).values(defaultCatalog.games);
    await tx.insert(plans).values(defaultCatalog.plans);
    await tx.insert(addons).values(defaultCatalog.addons);
    await tx.insert(billingPeriods).values(defaultCatalog.periods);
    await tx.insert(locations).values(defaultCatalog.locations);
    await tx.insert(upgradePacks).values(defaultCatalog.packs);
    return true;
  });
}
