import type { CatalogDraft } from './catalog-draft';
import { isShopCurrency } from './currency';
import { formatMoney } from './money';
import { minimumChargeOf } from './stripe-minimums';

/*
 * Price lists of the extra currencies (decision 063). Each priced item of the catalog (plan,
 * add-on, upgrade pack, and a location with a monthly price of its own) may carry `prices`: its
 * price in each extra currency, in that currency's minor unit, typed by staff. Nothing is ever
 * converted at a rate: a currency is offered to customers only once every item on sale has a
 * price in it, and an item without one does not exist in that currency.
 */

export type PricedSection = 'plans' | 'addons' | 'locations' | 'packs';
export const pricedSections: readonly PricedSection[] = ['plans', 'addons', 'locations', 'packs'];

/** Prices of one item in the extra currencies, lower-case ISO code → minor units. */
export type ItemPrices = Record<string, number>;

export interface MissingPrice {
  section: PricedSection;
  key: string;
  label: string;
}

type PricedItem = { priceCents?: number; monthlyCents?: number; prices?: ItemPrices; hidden: boolean };

function baseOf(section: PricedSection, item: PricedItem): number {
  return section === 'locations' ? (item.monthlyCents ?? 0) : (item.priceCents ?? 0);
}

/** A location with no price of its own costs nothing on top of its plan, in every currency. */
function needsPrice(section: PricedSection, item: PricedItem): boolean {
  return section !== 'locations' || baseOf(section, item) > 0;
}

function keyOf(section: PricedSection, item: unknown): string {
  const i = item as { id?: string; key?: string; value?: string };
  return (section === 'addons' ? i.key : section === 'locations' ? i.value : i.id) ?? '';
}

function labelOf(draft: CatalogDraft, section: PricedSection, item: unknown): string {
  if (section === 'plans') {
    const plan = item as CatalogDraft['plans'][number];
    return `${draft.games.find((g) => g.slug === plan.game)?.name ?? plan.game} ${plan.name}`;
  }
  const i = item as { name?: string; label?: string };
  return i.label ?? i.name ?? '';
}

/** True when the storefront sells the item now (a plan of a hidden game is not on sale). */
function onSale(draft: CatalogDraft, section: PricedSection, item: PricedItem): boolean {
  if (item.hidden) return false;
  if (section === 'plans') {
    const game = draft.games.find((g) => g.slug === (item as CatalogDraft['plans'][number]).game);
    return game !== undefined && !game.hidden;
  }
  return true;
}

/** The items on sale that have no price in `currency` yet: while any is left, it is not offered. */
export function missingPrices(draft: CatalogDraft, currency: string): MissingPrice[] {
  const missing: MissingPrice[] = [];
  for (const section of pricedSections) {
    for (const item of draft[section] as PricedItem[]) {
      if (!onSale(draft, section, item) || !needsPrice(section, item) || item.prices?.[currency] !== undefined) continue;
      missing.push({ section, key: keyOf(section, item), label: labelOf(draft, section, item) });
    }
  }
  return missing;
}

/**
 * The currencies customers may choose: the shop's first, then each extra currency whose price
 * list is complete, in the order staff enabled them.
 */
export function offeredCurrencies(draft: CatalogDraft, shop: string, extras: readonly string[]): string[] {
  return [shop, ...extras.filter((c) => c !== shop && missingPrices(draft, c).length === 0)];
}

/**
 * The draft with every price in `currency`: the shop's own prices when it is the shop's currency,
 * else each item's price from its list, items without one left out (they cannot be sold in it).
 * The `prices` lists themselves are dropped, so nothing downstream mistakes one for the price.
 */
export function draftInCurrency(draft: CatalogDraft, currency: string, shop: string): CatalogDraft {
  const strip = <T extends PricedItem>(item: T): T => {
    const { prices: _prices, ...rest } = item;
    return rest as T;
  };
  if (currency === shop) {
    return {
      ...draft,
      plans: draft.plans.map(strip),
      addons: draft.addons.map(strip),
      locations: draft.locations.map(strip),
      packs: draft.packs.map(strip),
    };
  }
  const priced = <T extends PricedItem>(section: PricedSection, items: T[]): T[] =>
    items.flatMap((item) => {
      const price = item.prices?.[currency];
      if (section === 'locations') {
        if (price !== undefined) return [{ ...strip(item), monthlyCents: price }];
        return needsPrice(section, item) ? [] : [strip(item)];
      }
      return price === undefined ? [] : [{ ...strip(item), priceCents: price }];
    });
  return {
    ...draft,
    plans: priced('plans', draft.plans),
    addons: priced('addons', draft.addons),
    locations: priced('locations', draft.locations),
    packs: priced('packs', draft.packs),
  };
}

/**
 * What is wrong with the price lists of a draft, keyed as catalogProblems keys its problems
 * (`plans.<id>.prices.<currency>`): a price set in the shop's own currency (its price is the
 * item's price), or in a currency that is not enabled. Prices kept unchanged from `previous` pass,
 * so a currency staff disabled keeps its list for the day it is enabled again.
 */
export function priceListProblems(draft: CatalogDraft, shop: string, extras: readonly string[], previous?: CatalogDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const section of pricedSections) {
    const before = new Map(((previous?.[section] ?? []) as PricedItem[]).map((i) => [keyOf(section, i), i]));
    for (const item of draft[section] as PricedItem[]) {
      const key = keyOf(section, item);
      for (const [currency, minor] of Object.entries(item.prices ?? {})) {
        if (extras.includes(currency) && currency !== shop) continue;
        if (before.get(key)?.prices?.[currency] === minor) continue;
        const path = `${section}.${key}.prices.${currency}`;
        problems[path] ??=
          currency === shop
            ? `${shop.toUpperCase()} is the shop's currency: set this price in the item's own price field`
            : `${currency.toUpperCase()} is not an extra currency of the shop. Enable it in Settings → Currency first, or remove this price.`;
      }
    }
  }
  return problems;
}

/** The sections whose items are charged on their own: a plan (with its add-ons) and an upgrade pack. */
const chargedAlone: readonly PricedSection[] = ['plans', 'packs'];

/**
 * Whether a month of a plan or pack at `minor` is under Stripe's smallest charge in `currency`
 * (decision 073). Add-ons and a location's price are never charged alone, so they are not asked.
 */
export function belowMinimumCharge(minor: number, currency: string): boolean {
  return Number.isFinite(minor) && minor > 0 && minor < minimumChargeOf(currency);
}

/** The warning a price under the minimum gets, in the form and in the server's answer alike. */
export function minimumChargeWarning(currency: string): string {
  const code = currency.toUpperCase();
  return `Below the smallest card payment in ${code} (${formatMoney(minimumChargeOf(currency), currency)}): a month bought alone is not charged to a card but paid from credit or given away`;
}

export interface PriceWarning {
  /** `plans.<id>.priceCents` for the shop's price, `plans.<id>.prices.<currency>` for a list's. */
  field: string;
  label: string;
  message: string;
}

/**
 * Plans and packs on sale priced under the minimum charge of a currency, in the shop's prices and
 * every price list (decision 073): the save goes through, and staff are told what buying one does
 * (decision 047: the order is settled from credit and the rest waived).
 */
export function minimumChargeWarnings(draft: CatalogDraft, shop: string): PriceWarning[] {
  const warnings: PriceWarning[] = [];
  for (const section of chargedAlone) {
    for (const item of draft[section] as PricedItem[]) {
      if (!onSale(draft, section, item)) continue;
      const key = keyOf(section, item);
      const label = labelOf(draft, section, item);
      const priced: [string, string, number][] = [[`${section}.${key}.priceCents`, shop, baseOf(section, item)]];
      for (const [currency, minor] of Object.entries(item.prices ?? {})) priced.push([`${section}.${key}.prices.${currency}`, currency, minor]);
      for (const [field, currency, minor] of priced) {
        if (isShopCurrency(currency) && belowMinimumCharge(minor, currency)) warnings.push({ field, label, message: `${label} at ${formatMoney(minor, currency)}: ${minimumChargeWarning(currency)}` });
      }
    }
  }
  return warnings;
}
