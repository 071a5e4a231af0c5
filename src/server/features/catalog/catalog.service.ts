import { createHash } from 'node:crypto';
import type { Catalog } from '../../../shared/catalog';
import { fullCatalog, publicCatalog, type CatalogDraft } from '../../../shared/catalog-draft';
import { priceChoice, PricingError, type PriceChoice, type Quote } from '../../../shared/pricing';
import type { TaxTreatment } from '../../../shared/tax';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { shopCurrency } from '../../lib/shop-currency';
import { currentVersionNumber, findVersion, latestVersion, serversIn } from './catalog.repository';

/** One saved catalog version, ready to serve. */
export interface CatalogSnapshot {
  version: number;
  /** Everything staff saved, hidden items and location settings included. */
  draft: CatalogDraft;
  /** What the storefront sells. */
  catalog: Catalog;
  /** `catalog` as the JSON bytes the API sends, and their ETag. */
  json: string;
  etag: string;
  createdAt: Date;
}

export interface CatalogService {
  /** The storefront's catalog, at most `ttlMs` old on this instance. */
  get(): Promise<Catalog>;
  current(): Promise<CatalogSnapshot>;
  json(): Promise<string>;
  /**
   * A saved version with every item in it, hidden ones too: what an order or a service placed
   * under that version is sized and priced against. Null or unknown versions give the current one.
   */
  atVersion(version: number | null | undefined): Promise<{ version: number; catalog: Catalog; draft: CatalogDraft }>;
  /** The price of a choice, taxed by `tax` (the buyer's treatment; none: no tax lines). */
  quote(choice: PriceChoice, tax?: TaxTreatment): Promise<Quote>;
  /** False when the location already holds as many servers as its catalog capacity allows. */
  hasRoom(location: string): Promise<boolean>;
  /** Forget the cached copy now (this instance); other instances notice within `ttlMs`. */
  invalidate(): void;
}

/** How long an instance serves its copy before asking the database which version is current. */
export const CATALOG_TTL_MS = 500;

/*
 * Saves made through this process bump the generation of their database handle, so the services
 * sharing that handle reload at once instead of after the TTL.
 */
const generations = new WeakMap<object, number>();

export function announceCatalogSaved(db: Db): void {
  generations.set(db, (generations.get(db) ?? 0) + 1);
}

function snapshotOf(row: { version: number; catalog: CatalogDraft; createdAt: Date }, brand: string, currency: string): CatalogSnapshot {
  const catalog = publicCatalog(row.catalog, brand, currency);
  const json = JSON.stringify(catalog);
  const etag = `"c${row.version}-${createHash('sha1').update(json).digest('base64url').slice(0, 12)}"`;
  return { version: row.version, draft: row.catalog, catalog, json, etag, createdAt: row.createdAt };
}

export interface CatalogServiceOptions {
  ttlMs?: number;
  /** Told each time this instance starts serving another version (and for the first one it loads). */
  onChange?: (snapshot: CatalogSnapshot) => void;
}

export function createCatalogService(db: Db, brand: string, options: CatalogServiceOptions = {}): CatalogService {
  const ttlMs = options.ttlMs ?? CATALOG_TTL_MS;
  let snapshot: CatalogSnapshot | undefined;
  let checkedAt = -Infinity;
  let seenGeneration = generations.get(db) ?? 0;
  let inflight: Promise<CatalogSnapshot> | undefined;
  const past = new Map<number, Promise<{ version: number; catalog: Catalog; draft: CatalogDraft }>>();

  async function refresh(): Promise<CatalogSnapshot> {
    const generation = generations.get(db) ?? 0;
    const [version, currency] = await Promise.all([currentVersionNumber(db), shopCurrency(db)]);
    // The shop's currency is a setting, not part of a version: a change of it is served (and the
    // public pages re-rendered) like a new version.
    if (!snapshot || snapshot.version !== version || snapshot.catalog.currency !== currency) {
      const row = await latestVersion(db);
      if (!row) throw new Error('The catalog is empty: seedCatalog() has not run');
      snapshot = snapshotOf(row, brand, currency);
      options.onChange?.(snapshot);
    }
    checkedAt = performance.now();
    seenGeneration = generation;
    return snapshot;
  }

  function current(): Promise<CatalogSnapshot> {
    const fresh = snapshot && performance.now() - checkedAt < ttlMs && (generations.get(db) ?? 0) === seenGeneration;
    if (fresh) return Promise.resolve(snapshot!);
    inflight ??= refresh().finally(() => {
      inflight = undefined;
    });
    return inflight;
  }

  return {
    current,
    get: async () => (await current()).catalog,
    json: async () => (await current()).json,
    async atVersion(version) {
      const now = await current();
      if (version == null || version === now.version) return { version: now.version, catalog: fullCatalog(now.draft, brand, now.catalog.currency), draft: now.draft };
      let found = past.get(version);
      if (!found) {
        // Versions never change once saved, so a past one is cached for good.
        found = findVersion(db, version).then((row) => {
          if (row) return { version: row.version, catalog: fullCatalog(row.catalog, brand, now.catalog.currency), draft: row.catalog };
          past.delete(version);
          return { version: now.version, catalog: fullCatalog(now.draft, brand, now.catalog.currency), draft: now.draft };
        });
        found.catch(() => past.delete(version));
        past.set(version, found);
      }
      return found;
    },
    async quote(choice, tax) {
      const { catalog } = await current();
      try {
        return priceChoice(catalog, choice, undefined, tax);
      } catch (error) {
        if (error instanceof PricingError) {
          throw badRequest(error.message, { [error.field]: error.message });
        }
        throw error;
      }
    },
    async hasRoom(location) {
      const { draft } = await current();
      const capacity = draft.locations.find((l) => l.value === location)?.capacity;
      if (capacity == null) return true;
      return (await serversIn(db, location)) < capacity;
    },
    invalidate() {
      checkedAt = -Infinity;
    },
  };
}
