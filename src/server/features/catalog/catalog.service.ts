import { createHash } from 'node:crypto';
import { localizeCatalog } from '../../../shared/catalog-texts';
import type { Locale } from '../../../shared/i18n/locales';
import type { Catalog } from '../../../shared/catalog';
import { fullCatalog, publicCatalog, type CatalogDraft } from '../../../shared/catalog-draft';
import { priceChoice, PricingError, type PriceChoice, type Quote } from '../../../shared/pricing';
import type { TaxTreatment } from '../../../shared/tax';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { storeCurrencies } from '../../lib/shop-currency';
import { offeredCurrencies } from '../../../shared/price-lists';
import { currentVersionNumber, findVersion, latestVersion, serversIn } from './catalog.repository';

/** One saved catalog version, ready to serve. */
export interface CatalogSnapshot {
  version: number;
  /** Everything staff saved, hidden items and location settings included. */
  draft: CatalogDraft;
  /** What the storefront sells, in the shop's currency; `currencies` lists every one offered. */
  catalog: Catalog;
  /** The shop's currency and the extra currencies staff enabled (offered or not). */
  shop: string;
  extras: string[];
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
   * The storefront's catalog priced in `currency`, as JSON with its ETag: the shop's currency or an
   * offered extra one (decision 063). A currency not offered is a 400. With `locale`, its texts
   * are in that language where staff wrote them in it (decision 077), else as saved.
   */
  inCurrency(currency: string, locale?: Locale): Promise<{ catalog: Catalog; json: string; etag: string; version: number }>;
  /**
   * A saved version with every item in it, hidden ones too: what an order or a service placed
   * under that version is sized and priced against. Null or unknown versions give the current one.
   */
  atVersion(version: number | null | undefined, currency?: string): Promise<{ version: number; catalog: Catalog; draft: CatalogDraft }>;
  /** The price of a choice in `currency` (the shop's by default), taxed by `tax` (the buyer's treatment; none: no tax lines). */
  quote(choice: PriceChoice, tax?: TaxTreatment, currency?: string): Promise<Quote>;
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

function serve(version: number, catalog: Catalog) {
  const json = JSON.stringify(catalog);
  const etag = `"c${version}-${createHash('sha1').update(json).digest('base64url').slice(0, 12)}"`;
  return { catalog, json, etag, version };
}

function snapshotOf(row: { version: number; catalog: CatalogDraft; createdAt: Date }, brand: string, shop: string, extras: string[]): CatalogSnapshot {
  const catalog: Catalog = { ...publicCatalog(row.catalog, brand, shop), currencies: offeredCurrencies(row.catalog, shop, extras) };
  return { ...serve(row.version, catalog), draft: row.catalog, shop, extras, createdAt: row.createdAt };
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
  let others = new Map<string, ReturnType<typeof serve>>();
  const past = new Map<string, Promise<{ version: number; catalog: Catalog; draft: CatalogDraft }>>();

  async function refresh(): Promise<CatalogSnapshot> {
    const generation = generations.get(db) ?? 0;
    const [version, { shop, extras }] = await Promise.all([currentVersionNumber(db), storeCurrencies(db)]);
    // The shop's currencies are settings, not part of a version: a change of them is served (and
    // the public pages re-rendered) like a new version.
    if (!snapshot || snapshot.version !== version || snapshot.shop !== shop || snapshot.extras.join() !== extras.join()) {
      const row = await latestVersion(db);
      if (!row) throw new Error('The catalog is empty: seedCatalog() has not run');
      snapshot = snapshotOf(row, brand, shop, extras);
      others = new Map();
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

  async function inCurrency(currency: string, locale?: Locale) {
    const now = await current();
    const served = priced(now, currency);
    if (!locale) return served;
    // Looked up before localizing: a language is worked out once per catalog version and currency.
    const key = `${served.version}:${served.catalog.currency}:${locale}`;
    let found = others.get(key);
    if (!found) {
      const localized = localizeCatalog(served.catalog, now.draft, locale);
      found = localized === served.catalog ? served : serve(served.version, localized);
      others.set(key, found);
    }
    return found;
  }

  function priced(now: CatalogSnapshot, currency: string) {
    const code = currency.toLowerCase();
    if (code === now.shop) return now;
    if (!now.catalog.currencies?.includes(code)) {
      const message = `Prices are not offered in ${code.toUpperCase()}. Choose one of: ${(now.catalog.currencies ?? [now.shop]).map((c) => c.toUpperCase()).join(', ')}.`;
      throw badRequest(message, { currency: message });
    }
    // Keyed by version too: a request still holding the previous snapshot never fills the new map.
    const key = `${now.version}:${code}`;
    let served = others.get(key);
    if (!served) {
      served = serve(now.version, { ...publicCatalog(now.draft, brand, code, now.shop), currencies: now.catalog.currencies });
      others.set(key, served);
    }
    return served;
  }

  return {
    current,
    get: async () => (await current()).catalog,
    json: async () => (await current()).json,
    inCurrency,
    async atVersion(version, currency) {
      const now = await current();
      const code = currency?.toLowerCase() ?? now.shop;
      const full = (draft: CatalogDraft) => fullCatalog(draft, brand, code, now.shop);
      if (version == null || version === now.version) return { version: now.version, catalog: full(now.draft), draft: now.draft };
      const cacheKey = `${version}:${code}`;
      let found = past.get(cacheKey);
      if (!found) {
        // Versions never change once saved, so a past one is cached for good.
        found = findVersion(db, version).then((row) => {
          if (row) return { version: row.version, catalog: full(row.catalog), draft: row.catalog };
          past.delete(cacheKey);
          return { version: now.version, catalog: full(now.draft), draft: now.draft };
        });
        found.catch(() => past.delete(cacheKey));
        past.set(cacheKey, found);
      }
      return found;
    },
    async quote(choice, tax, currency) {
      const { catalog } = currency ? await inCurrency(currency) : await current();
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
