import { defaultBrand, type Brand } from '../../../shared/brand';
import { defaultBusinessRules, type BusinessRules } from '../../../shared/business-rules';
import type { Db } from '../../db/client';
import { assetStamps, findAsset, settingsRow } from './brand.repository';

/** The brand and rules every instance serves, and the version they were saved as (0: nothing saved yet). */
export interface ShopSettings {
  version: number;
  brand: Brand;
  rules: BusinessRules;
}

/**
 * How long an instance trusts its copy before reading the row again. Saves through this instance
 * apply at once; another instance's save applies within this, well inside the 5 s the issue asks.
 * A read of one small row a second works the same on PGlite (no LISTEN) and PostgreSQL.
 */
export const SHOP_SETTINGS_TTL_MS = 1000;

interface Cache {
  value?: ShopSettings;
  loadedAt: number;
  /** Bumped by every save here; a load that began before a save does not count as fresh. */
  generation: number;
  inflight?: Promise<ShopSettings>;
}

const caches = new WeakMap<object, Cache>();
const fallbacks = new WeakMap<object, Pick<Brand, 'name' | 'supportEmail'>>();

/** What the brand is until staff save one: BRAND_NAME and SUPPORT_EMAIL from the config (services.ts). */
export function setBrandFallback(db: Db, fallback: Pick<Brand, 'name' | 'supportEmail'>): void {
  fallbacks.set(db, fallback);
  forgetShopSettings(db);
}

/** A save through this instance: the next read loads the row again. */
export function forgetShopSettings(db: Db): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.loadedAt = -Infinity;
  cache.generation++;
  cache.inflight = undefined;
}

export function assetUrl(kind: 'logo' | 'favicon', sha256: string): string {
  return `/api/brand/${kind}/${sha256.slice(0, 16)}`;
}

async function load(db: Db): Promise<ShopSettings> {
  const [row, assets] = await Promise.all([settingsRow(db), assetStamps(db)]);
  const fallback = fallbacks.get(db) ?? defaultBrand;
  const asset = (kind: 'logo' | 'favicon') => {
    const found = assets.find((a) => a.kind === kind);
    return found ? assetUrl(kind, found.sha256) : null;
  };
  const saved = row.brand;
  const brand: Brand = {
    ...defaultBrand,
    name: fallback.name,
    supportEmail: fallback.supportEmail,
    ...saved,
    socials: { ...saved?.socials },
    logo: asset('logo'),
    favicon: asset('favicon'),
  };
  // A row saved before a rule existed still gets that rule's default.
  const rules: BusinessRules = {
    ...defaultBusinessRules,
    ...row.rules,
    affiliate: { ...defaultBusinessRules.affiliate, ...row.rules?.affiliate },
    support: { ...defaultBusinessRules.support, ...row.rules?.support },
  };
  return { version: row.version, brand, rules };
}

export function getShopSettings(db: Db): Promise<ShopSettings> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { loadedAt: -Infinity, generation: 0 }));
  const c = cache;
  if (c.value && performance.now() - c.loadedAt < SHOP_SETTINGS_TTL_MS) return Promise.resolve(c.value);
  if (c.inflight) return c.inflight;
  const generation = c.generation;
  const startedAt = performance.now();
  const inflight = load(db).then(
    (value) => {
      if (c.generation === generation) {
        c.value = value;
        c.loadedAt = startedAt;
      }
      if (c.inflight === inflight) c.inflight = undefined;
      return value;
    },
    (error: unknown) => {
      if (c.inflight === inflight) c.inflight = undefined;
      throw error;
    },
  );
  c.inflight = inflight;
  return inflight;
}

export async function getBrand(db: Db): Promise<Brand> {
  return (await getShopSettings(db)).brand;
}

export async function getBusinessRules(db: Db): Promise<BusinessRules> {
  return (await getShopSettings(db)).rules;
}

/**
 * The shop's name for code that cannot wait (a payment provider's display name): the copy this
 * instance last loaded, read again in the background once it is older than the TTL; before the first
 * load, BRAND_NAME. Pages and emails read the name with getBrand, so the copy is rarely stale.
 */
export function brandNameNow(db: Db): string {
  const cache = caches.get(db);
  if (!cache?.value || performance.now() - cache.loadedAt >= SHOP_SETTINGS_TTL_MS) void getShopSettings(db).catch(() => undefined);
  return cache?.value?.brand.name ?? fallbacks.get(db)?.name ?? defaultBrand.name;
}

const logos = new WeakMap<object, { url: string; logo: BrandLogo | null }>();

export interface BrandLogo {
  bytes: Buffer;
  contentType: string;
}

/**
 * The uploaded logo's bytes, for documents drawn on the server (the PDF invoice). Read once per
 * upload on this instance: the cache is keyed by the logo's URL, which names its hash.
 */
export async function getBrandLogo(db: Db): Promise<BrandLogo | null> {
  const { logo: url } = await getBrand(db);
  if (!url) return null;
  const cached = logos.get(db);
  if (cached?.url === url) return cached.logo;
  const row = await findAsset(db, 'logo');
  const logo = row ? { bytes: Buffer.from(row.data, 'base64'), contentType: row.contentType } : null;
  logos.set(db, { url, logo });
  return logo;
}
