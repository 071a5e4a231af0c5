import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import { essentialsSlug } from '../../../shared/catalog';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import type { PanelMapping } from '../../../shared/panel-mapping';
import type { PanelEggConfig } from '../../config';
import type { Db } from '../../db/client';
import { catalogVersions, servers } from '../../db/schema';
import { defaultCatalogDraft, defaultSoftware, withSampleTranslations } from '../../db/seed/catalog-default';

export type CatalogVersionRow = typeof catalogVersions.$inferSelect;

/**
 * A version saved before software joined the catalog reads as having the default software, and
 * one saved before its texts could be translated as having the sample's translations where its
 * words are still the sample's (decision 077).
 */
function withSoftware(row: CatalogVersionRow | undefined): CatalogVersionRow | undefined {
  if (!row) return row;
  const catalog = Array.isArray(row.catalog.software) ? row.catalog : { ...row.catalog, software: defaultSoftware };
  return { ...row, catalog: withSampleTranslations(catalog) };
}

export function packSlug(id: string, brand: string): string {
  return id === 'essentials' ? essentialsSlug(brand) : id;
}

/** The number of the newest version, or 0 before the seed; one index lookup, cheap enough to ask often. */
export async function currentVersionNumber(db: Db): Promise<number> {
  const [row] = await db.select({ version: sql<number>`coalesce(max(${catalogVersions.version}), 0)::int` }).from(catalogVersions);
  return row?.version ?? 0;
}

export async function latestVersion(db: Db): Promise<CatalogVersionRow | undefined> {
  const [row] = await db.select().from(catalogVersions).orderBy(desc(catalogVersions.version)).limit(1);
  return withSoftware(row);
}

export async function findVersion(db: Db, version: number): Promise<CatalogVersionRow | undefined> {
  const [row] = await db.select().from(catalogVersions).where(eq(catalogVersions.version, version));
  return withSoftware(row);
}

/**
 * The catalog's panel set-up of each game, seeded from PANEL_EGGS (decision 045): after that,
 * staff change it in the catalog editor, versioned with the catalog.
 */
export function withPanelEggs(draft: CatalogDraft, eggs: Record<string, PanelEggConfig>): CatalogDraft {
  return {
    ...draft,
    games: draft.games.map((game) => {
      const egg = eggs[game.slug];
      if (!egg) return game;
      const variables = Object.fromEntries(Object.entries(egg.environment ?? {}).map(([k, v]) => [k, String(v)]));
      const panel: PanelMapping = {
        egg: egg.egg,
        ...(egg.nest ? { nest: egg.nest } : {}),
        ...(egg.docker_image ? { dockerImage: egg.docker_image } : {}),
        ...(egg.startup ? { startup: egg.startup } : {}),
        ...(Object.keys(variables).length ? { variables } : {}),
      };
      return { ...game, panel };
    }),
  };
}

/**
 * Saves the checked-in default as version 1 when there is no catalog yet, its games' panel set-up
 * seeded from PANEL_EGGS when given; a catalog staff have edited is left alone.
 */
export async function seedCatalog(db: Db, now: Date = new Date(), panelEggs: Record<string, PanelEggConfig> = {}): Promise<boolean> {
  const inserted = await db
    .insert(catalogVersions)
    .values({ version: 1, catalog: withPanelEggs(defaultCatalogDraft, panelEggs), note: 'The default catalog', createdAt: now })
    .onConflictDoNothing()
    .returning({ version: catalogVersions.version });
  return inserted.length > 0;
}

/** Servers that hold a place in a location: everything not failed, cancelled or deleted. */
export async function serversIn(db: Db, location: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(servers)
    .where(and(eq(servers.location, location), notInArray(servers.status, ['cancelled', 'failed']), isNull(servers.deletedAt)));
  return row?.n ?? 0;
}
