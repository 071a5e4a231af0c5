import type { Catalog } from './catalog';
import { couponAmountLabel, couponDiscountCents, couponRefusalFor, couponRefusals, type CouponTerms } from './coupons';
import { applyTax, type TaxBreakdown, type TaxTreatment } from './tax';

/** What a customer chose in the configurator. Add-ons map a key to a quantity. */
export interface PriceChoice {
  game: string;
  plan: string;
  period: string;
  location: string;
  addons: Record<string, number>;
}

export interface QuoteLine {
  key: string;
  name: string;
  quantity: number;
  unitCents: number;
  monthlyCents: number;
}

export interface Quote {
  game: string;
  plan: { id: string; name: string; monthlyCents: number };
  period: { value: string; label: string; months: number; discountPercent: number };
  /** `monthlyCents`: the location's own monthly price on top of the plan (0 for most). */
  location: { value: string; label: string; monthlyCents: number };
  addons: QuoteLine[];
  /** Plan plus add-ons plus the location's price, for one month, before any discount. */
  monthlyCents: number;
  months: number;
  discountPercent: number;
  /** monthlyCents × months. */
  subtotalCents: number;
  /** What the billing-period discount takes off. */
  savingsCents: number;
  /** The coupon's line, when one was given: what it takes off the discounted period total. */
  coupon: QuoteCoupon | null;
  /** What the coupon takes off; 0 without one. */
  couponCents: number;
  /**
   * subtotal − savings − coupon, in the catalog's terms: the net when prices exclude tax (the
   * default), the gross when the store shows them with tax. `tax` says which, and what is charged.
   */
  totalCents: number;
  /** Net, each tax line and the gross (shared/tax.ts); the gross is what is charged. */
  tax: TaxBreakdown;
}

export interface QuoteCoupon {
  code: string;
  /** "20% off", "$5.00 off". */
  label: string;
  discountCents: number;
}

/** An upgrade pack's price for one month, with the coupon when one was given. */
export interface PackQuote {
  pack: { id: string; slug: string; name: string; monthlyCents: number };
  subtotalCents: number;
  coupon: QuoteCoupon | null;
  couponCents: number;
  /** subtotal − coupon, in the catalog's terms (see Quote.totalCents). */
  totalCents: number;
  tax: TaxBreakdown;
}

/** A choice that the catalog does not sell. `field` names the part that is wrong. */
export class PricingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

function applyCoupon(coupon: CouponTerms | undefined, amountCents: number, currency: string): QuoteCoupon | null {
  if (!coupon) return null;
  return { code: coupon.code, label: couponAmountLabel(coupon, currency), discountCents: couponDiscountCents(coupon, amountCents, currency) };
}

/** No tax lines: what a quote carries when no treatment is given (prices shown without tax). */
export const noTax: TaxTreatment = { inclusive: false, reverseCharge: false, lines: [] };

/**
 * Total = (plan + add-ons) × months × (1 − discount), rounded to the cent once, then less the
 * coupon's discount (shared/coupons.ts: couponDiscountCents, rounded once on its own), then taxed
 * by the buyer's treatment (shared/tax.ts: applyTax, after every discount).
 * Every input is checked against the catalog; the caller never supplies an amount. A coupon
 * that is not for this plan is a PricingError on field 'coupon'; whether the customer may use it
 * at all (expiry, redemptions) is the server's check, made before it is passed here.
 */
export function priceChoice(catalog: Catalog, choice: PriceChoice, coupon?: CouponTerms, tax: TaxTreatment = noTax): Quote {
  const game = catalog.games.find((g) => g.slug === choice.game);
  if (!game) throw new PricingError('game', `Unknown game "${choice.game}"`);
  const plan = catalog.plans.find((p) => p.id === choice.plan);
  if (!plan || plan.game !== game.slug) {
    throw new PricingError('plan', `Unknown plan "${choice.plan}" for ${game.name}`);
  }
  const period = catalog.periods.find((p) => p.value === choice.period);
  if (!period) throw new PricingError('period', `Unknown billing period "${choice.period}"`);
  const location = catalog.locations.find((l) => l.value === choice.location);
  if (!location) throw new PricingError('location', `Unknown location "${choice.location}"`);

  const addons: QuoteLine[] = [];
  for (const [key, quantity] of Object.entries(choice.addons)) {
    const addon = catalog.addons.find((a) => a.key === key);
    if (!addon) throw new PricingError(`addons.${key}`, `Unknown add-on "${key}"`);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > addon.maxQuantity) {
      throw new PricingError(
        `addons.${key}`,
        `${addon.name} quantity must be a whole number from 0 to ${addon.maxQuantity}`,
      );
    }
    if (quantity === 0) continue;
    addons.push({
      key,
      name: addon.name,
      quantity,
      unitCents: addon.priceCents,
      monthlyCents: addon.priceCents * quantity,
    });
  }
  addons.sort(
    (a, b) =>
      catalog.addons.findIndex((x) => x.key === a.key) -
      catalog.addons.findIndex((x) => x.key === b.key),
  );

  const locationCents = location.monthlyCents ?? 0;
  const monthlyCents = plan.priceCents + addons.reduce((sum, a) => sum + a.monthlyCents, 0) + locationCents;
  const subtotalCents = monthlyCents * period.months;
  const periodTotalCents = Math.round((subtotalCents * (100 - period.discountPercent)) / 100);
  if (coupon && couponRefusalFor(coupon, { kind: 'server', game: game.slug, plan: plan.id })) {
    throw new PricingError('coupon', couponRefusals.notForPlan);
  }
  const applied = applyCoupon(coupon, periodTotalCents, catalog.currency);
  const couponCents = applied?.discountCents ?? 0;
  return {
    game: game.slug,
    plan: { id: plan.id, name: plan.name, monthlyCents: plan.priceCents },
    period: {
      value: period.value,
      label: period.label,
      months: period.months,
      discountPercent: period.discountPercent,
    },
    location: { value: location.value, label: location.label, monthlyCents: locationCents },
    addons,
    monthlyCents,
    months: period.months,
    discountPercent: period.discountPercent,
    subtotalCents,
    savingsCents: subtotalCents - periodTotalCents,
    coupon: applied,
    couponCents,
    totalCents: periodTotalCents - couponCents,
    tax: applyTax(periodTotalCents - couponCents, tax),
  };
}

/** One month of an upgrade pack, found by id or slug, less the coupon's discount when one is given, then taxed. */
export function pricePack(catalog: Catalog, packKey: string, coupon?: CouponTerms, tax: TaxTreatment = noTax): PackQuote {
  const pack = catalog.packs.find((p) => p.id === packKey || p.slug === packKey);
  if (!pack) throw new PricingError('pack', `Unknown upgrade pack "${packKey}"`);
  if (coupon && couponRefusalFor(coupon, { kind: 'pack', pack: pack.id })) {
    throw new PricingError('coupon', couponRefusals.notForPack);
  }
  const applied = applyCoupon(coupon, pack.priceCents, catalog.currency);
  const couponCents = applied?.discountCents ?? 0;
  return {
    pack: { id: pack.id, slug: pack.slug, name: pack.name, monthlyCents: pack.priceCents },
    subtotalCents: pack.priceCents,
    coupon: applied,
    couponCents,
    totalCents: pack.priceCents - couponCents,
    tax: applyTax(pack.priceCents - couponCents, tax),
  };
}
