import type { AddonDelivery, PackDelivery } from './delivery';
import type { PanelMapping } from './panel-mapping';
import { draftInCurrency, type ItemPrices } from './price-lists';
import type { AddonTexts, GameTexts, LabelTexts, PackTexts, PlanTexts, SoftwareTexts, Translations } from './catalog-texts';
import { essentialsSlug, type Addon, type BillingPeriod, type Catalog, type Game, type Location, type Plan, type UpgradePack } from './catalog';

/**
 * The catalog as staff edit it and as each saved version stores it: every item the storefront has
 * ever sold, with a hidden flag instead of deletion, and the staff-only facts of each location.
 */
export interface DraftGame extends Game {
  hidden: boolean;
  /** Staff only: how its servers are set up on the panel by default (decision 045). */
  panel?: PanelMapping | null;
  /** Its tagline in other languages (shared/catalog-texts.ts, decision 077). */
  translations?: Translations<GameTexts>;
}
export interface DraftPlan extends Plan {
  playerCap: number;
  hidden: boolean;
  /** Staff only: the panel set-up fields this plan overrides on its game's default. */
  panel?: PanelMapping | null;
  /** Its price in each extra currency (shared/price-lists.ts); absent: none set. */
  prices?: ItemPrices;
  translations?: Translations<PlanTexts>;
}
export interface DraftAddon extends Addon {
  hidden: boolean;
  delivery: AddonDelivery;
  prices?: ItemPrices;
  translations?: Translations<AddonTexts>;
}
export interface DraftPeriod extends BillingPeriod {
  hidden: boolean;
  translations?: Translations<LabelTexts>;
}
export interface DraftLocation extends Location {
  hidden: boolean;
  /** Most servers we sell in this location at once; null leaves it to the panel. */
  capacity: number | null;
  /** The panel's location id (Pterodactyl) or node tag (Pelican); null falls back to PANEL_LOCATIONS. */
  panelLocation: string | null;
  /** Its monthly price in each extra currency, when it has one in the shop's currency. */
  prices?: ItemPrices;
  translations?: Translations<LabelTexts>;
}
export interface DraftPack extends Omit<UpgradePack, 'slug'> {
  hidden: boolean;
  delivery: PackDelivery;
  prices?: ItemPrices;
  translations?: Translations<PackTexts>;
}
/**
 * Software a game's server can run (Minecraft: Vanilla, Paper, Fabric, Forge), offered by 'Change
 * software'. Not part of the storefront's catalog: only servers of the game see it.
 */
export interface DraftSoftware {
  id: string;
  game: string;
  name: string;
  description: string;
  /** Newest first; the first is offered by default. */
  versions: string[];
  /** The memory it runs well with; a plan below it gets a warning and an upgrade offer. */
  recommendedRamGb: number;
  sort: number;
  hidden: boolean;
  translations?: Translations<SoftwareTexts>;
}

export interface CatalogDraft {
  games: DraftGame[];
  plans: DraftPlan[];
  addons: DraftAddon[];
  periods: DraftPeriod[];
  locations: DraftLocation[];
  packs: DraftPack[];
  software: DraftSoftware[];
}

export type CatalogSection = keyof CatalogDraft;

export const catalogSections: CatalogSection[] = ['games', 'plans', 'addons', 'periods', 'locations', 'packs', 'software'];

/** The identifier of an item within its section; it never changes once saved. */
export function itemKey(section: CatalogSection, item: CatalogDraft[CatalogSection][number]): string {
  if (section === 'games') return (item as DraftGame).slug;
  if (section === 'addons') return (item as DraftAddon).key;
  if (section === 'periods' || section === 'locations') return (item as DraftPeriod | DraftLocation).value;
  return (item as DraftPlan | DraftPack | DraftSoftware).id;
}

/** The software of a game, in the order staff set; hidden ones only when asked for. */
export function softwareForGame(draft: Pick<CatalogDraft, 'software'>, game: string, options: { hidden?: boolean } = {}): DraftSoftware[] {
  return draft.software.filter((s) => s.game === game && (options.hidden || !s.hidden)).sort(bySort);
}

const bySort = <T extends { sort: number }>(a: T, b: T) => a.sort - b.sort;

/**
 * What the storefront shows: hidden items left out (a hidden game takes its plans with it), staff
 * fields dropped, and the essentials pack's slug following the brand. Prices are in `currency`:
 * the draft's own when it is the shop's (`shop`, the same by default), else each item's price
 * from that currency's list, items without one left out (decision 063).
 */
export function publicCatalog(source: CatalogDraft, brand: string, currency: string, shop: string = currency): Catalog {
  const draft = draftInCurrency(source, currency, shop);
  const games = draft.games.filter((g) => !g.hidden);
  const shown = new Set(games.map((g) => g.slug));
  const gameOrder = new Map(games.map((g, i) => [g.slug, i]));
  return {
    currency,
    games: games.map(({ hidden: _h, panel: _p, translations: _t, ...g }) => g).sort(bySort),
    plans: draft.plans
      .filter((p) => !p.hidden && shown.has(p.game))
      .map(({ hidden: _h, panel: _p, translations: _t, ...p }) => p)
      .sort((a, b) => (gameOrder.get(a.game) ?? 0) - (gameOrder.get(b.game) ?? 0) || a.sort - b.sort),
    addons: draft.addons.filter((a) => !a.hidden).map(({ hidden: _h, translations: _t, ...a }) => a).sort(bySort),
    periods: draft.periods.filter((p) => !p.hidden).map(({ hidden: _h, translations: _t, ...p }) => p).sort(bySort),
    locations: draft.locations
      .filter((l) => !l.hidden)
      .map(({ value, label, sort, monthlyCents }) => (monthlyCents ? { value, label, sort, monthlyCents } : { value, label, sort }))
      .sort(bySort),
    packs: draft.packs
      .filter((p) => !p.hidden)
      .map(({ hidden: _h, translations: _t, ...p }) => ({ ...p, slug: p.id === 'essentials' ? essentialsSlug(brand) : p.id }))
      .sort(bySort),
  };
}

/**
 * Every item of a saved version, hidden ones included, in the Catalog shape: what an existing
 * order or service is priced and sized against, since a hidden plan stays on the services using it.
 */
export function fullCatalog(draft: CatalogDraft, brand: string, currency: string, shop: string = currency): Catalog {
  const everything: CatalogDraft = {
    games: draft.games.map((g) => ({ ...g, hidden: false })),
    plans: draft.plans.map((p) => ({ ...p, hidden: false })),
    addons: draft.addons.map((a) => ({ ...a, hidden: false })),
    periods: draft.periods.map((p) => ({ ...p, hidden: false })),
    locations: draft.locations.map((l) => ({ ...l, hidden: false })),
    packs: draft.packs.map((p) => ({ ...p, hidden: false })),
    software: draft.software,
  };
  return publicCatalog(everything, brand, currency, shop);
}
