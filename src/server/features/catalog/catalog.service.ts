import type { Catalog } from '../../../shared/catalog';
import { priceChoice, PricingError, type PriceChoice, type Quote } from '../../../shared/pricing';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { readCatalog } from './catalog.repository';

export interface CatalogService {
  get(): Promise<Catalog>;
  /** The catalog as the JSON bytes the API sends, built once per change. */
  json(): Promise<string>;
  quote(choice: PriceChoice): Promise<Quote>;
  /** Forget the cached copy after staff edit the catalog. */
  invalidate(): void;
}

export function createCatalogService(db: Db, brand: string): CatalogService {
  let cached: Promise<{ catalog: Catalog; json: string }> | undefined;
  function load() {
    cached ??= readCatalog(db, brand).then((catalog) => ({ catalog, json: JSON.stringify(catalog) }));
    cached.catch(() => (cached = undefined));
    return cached;
  }
  return {
    get: async () => (await load()).catalog,
    json: async () => (await load()).json,
    async quote(choice) {
      const { catalog } = await load();
      try {
        return priceChoice(catalog, choice);
      } catch (error) {
        if (error instanceof PricingError) {
          throw badRequest(error.message, { [error.field]: error.message });
        }
        throw error;
      }
    },
    invalidate() {
      cached = undefined;
    },
  };
}
