import type { AddonDelivery, PackDelivery } from './delivery';

/** The catalog as the API serves it. Every amount is integer cents. */
export interface Game {
  slug: string;
  name: string;
  tagline: string;
  playerCap: number;
  sort: number;
}

export interface Plan {
  id: string;
  game: string;
  name: string;
  ramGb: number;
  /** vCPU count; 0.5 is allowed. */
  vcpu: number;
  diskGb: number;
  priceCents: number;
  description: string;
  recommended: boolean;
  /** Players the plan allows; the game's cap when a catalog does not say. */
  playerCap?: number;
  sort: number;
}

export interface Addon {
  key: string;
  name: string;
  description: string;
  priceCents: number;
  /** How many of it one server can take (1 for a toggle). */
  maxQuantity: number;
  sort: number;
  /** What buying it does (shared/delivery.ts); absent only on catalogs built by hand in tests. */
  delivery?: AddonDelivery;
}

export interface BillingPeriod {
  value: string;
  label: string;
  months: number;
  discountPercent: number;
  sort: number;
}

export interface Location {
  value: string;
  label: string;
  sort: number;
  /** What a server here costs on top of its plan, per month (absent: nothing). */
  monthlyCents?: number;
}

export interface UpgradePack {
  id: string;
  slug: string;
  name: string;
  priceCents: number;
  tagline: string;
  highlights: { title: string; text: string }[];
  features: string[];
  sort: number;
  /** What buying it does (shared/delivery.ts); absent only on catalogs built by hand in tests. */
  delivery?: PackDelivery;
}

export interface Catalog {
  /** The shop's currency (lower-case ISO) every price here is in, in its minor unit (decision 053). */
  currency: string;
  /**
   * Every currency customers may choose, the shop's first (decision 063): the extra currencies
   * whose price lists are complete. Absent on catalogs built by hand in tests: the shop's only.
   */
  currencies?: string[];
  games: Game[];
  plans: Plan[];
  addons: Addon[];
  periods: BillingPeriod[];
  locations: Location[];
  packs: UpgradePack[];
}

export const ADDITIONAL_SSD_KEY = 'additional-ssd';
export const SSD_STEP_GB = 50;

export function plansForGame(catalog: Catalog, game: string): Plan[] {
  return catalog.plans.filter((p) => p.game === game).sort((a, b) => a.sort - b.sort);
}

/** The spec's default: the recommended plan, else the first. */
export function defaultPlan(catalog: Catalog, game: string): Plan | undefined {
  const plans = plansForGame(catalog, game);
  return plans.find((p) => p.recommended) ?? plans[0];
}

export function startingPriceCents(catalog: Catalog, game: string): number | undefined {
  const prices = plansForGame(catalog, game).map((p) => p.priceCents);
  return prices.length ? Math.min(...prices) : undefined;
}

export function brandSlug(brand: string): string {
  return brand
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function essentialsSlug(brand: string): string {
  return `${brandSlug(brand) || 'spawnpoint'}-essentials`;
}
