import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import { couponCentsOf, couponDiscountCents, isCouponLine, withoutCoupon, type CouponTerms } from '../../../shared/coupons';
import { priceChoice, pricePack } from '../../../shared/pricing';
import { serverCheckoutSchema } from '../../../shared/schemas/checkout';
import { defaultCatalog } from '../../db/seed/catalog-default';
import { pricePackOrder, priceServerOrder } from '../catalog/order-pricing';
import { priceBeforeCoupon } from './renewal-coupon';

/*
 * The quote (what the configurator and POST /api/coupons/check show), the checkout (the order
 * stored and the amount sent to the provider), the invoice (fulfilment copies the order's lines
 * and amounts) and a renewal that the coupon still covers agree to the cent, for any catalog,
 * choice and coupon. Taxes are not computed yet: every figure here is net, and the tax lines
 * will be added on top of `totalCents` (the seam is Quote.totalCents, documented in pricing.ts).
 */

const catalogArb: fc.Arbitrary<Catalog> = fc
  .record({
    planCents: fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 4 }),
    addonCents: fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 4, maxLength: 4 }),
    periods: fc.array(fc.record({ months: fc.integer({ min: 1, max: 36 }), discount: fc.integer({ min: 0, max: 100 }) }), { minLength: 1, maxLength: 4 }),
    packCents: fc.integer({ min: 1, max: 100_000 }),
  })
  .map(({ planCents, addonCents, periods, packCents }) => ({
    ...defaultCatalog,
    currency: 'usd',
    plans: planCents.map((priceCents, i) => ({ ...defaultCatalog.plans[i]!, priceCents })),
    addons: defaultCatalog.addons.map((a, i) => ({ ...a, priceCents: addonCents[i]! })),
    periods: periods.map((p, i) => ({ value: `p${i}`, label: `${p.months} Months`, months: p.months, discountPercent: p.discount, sort: i })),
    packs: defaultCatalog.packs.map((p) => ({ ...p, slug: p.id, priceCents: packCents })),
  }));

const couponArb: fc.Arbitrary<CouponTerms> = fc
  .record({
    percent: fc.boolean(),
    pct: fc.integer({ min: 1, max: 100 }),
    fixed: fc.integer({ min: 1, max: 1_000_000 }),
    code: fc.stringMatching(/^[A-Z0-9]{3,12}$/),
  })
  .map(({ percent, pct, fixed, code }) => ({
    code,
    kind: percent ? 'percent' : 'fixed',
    amount: percent ? pct : fixed,
    duration: 'forever',
    durationPeriods: null,
    games: [],
    plans: [],
    packs: [],
  }));

function choiceArb(catalog: Catalog) {
  return fc.record({
    planIndex: fc.nat({ max: catalog.plans.length - 1 }),
    period: fc.constantFrom(...catalog.periods.map((p) => p.value)),
    location: fc.constantFrom(...catalog.locations.map((l) => l.value)),
    addons: fc.record({
      'automatic-backups': fc.integer({ min: 0, max: 1 }),
      'additional-ssd': fc.integer({ min: 0, max: 20 }),
    }),
  });
}

const scenarioArb = catalogArb.chain((catalog) => fc.record({ catalog: fc.constant(catalog), pick: choiceArb(catalog), coupon: couponArb }));

describe('quote = checkout = invoice = renewal, with coupons', () => {
  it('for any catalog, server choice and coupon', () => {
    fc.assert(
      fc.property(scenarioArb, ({ catalog, pick, coupon }) => {
        const plan = catalog.plans[pick.planIndex]!;
        const choice = { game: plan.game, plan: plan.id, period: pick.period, location: pick.location, addons: pick.addons };
        const quote = priceChoice(catalog, choice, coupon);
        const order = priceServerOrder(catalog, serverCheckoutSchema.parse({ kind: 'server', ...choice, coupon: coupon.code }), coupon);

        // Checkout: the stored order and the provider's amount are the quote's.
        expect(order.subtotalCents).toBe(quote.subtotalCents);
        expect(order.discountCents).toBe(quote.savingsCents);
        expect(order.couponCents).toBe(quote.couponCents);
        expect(order.totalCents).toBe(quote.totalCents);

        // Invoice: fulfilment copies the order's lines and amounts; what the page shows adds up.
        const items = withoutCoupon(order.lines);
        expect(items.reduce((sum, l) => sum + l.amountCents, 0)).toBe(order.subtotalCents);
        expect(order.lines.filter(isCouponLine)).toHaveLength(1);
        expect(order.lines.at(-1)).toMatchObject({ kind: 'coupon', description: `Coupon ${coupon.code} (${quote.coupon!.label})` });
        expect(couponCentsOf(order.lines)).toBe(quote.couponCents);
        expect(order.subtotalCents - order.discountCents - couponCentsOf(order.lines)).toBe(order.totalCents);

        // Renewal: the same period price before the coupon, and a covered period costs the same again.
        const base = priceBeforeCoupon(order);
        expect(base).toBe(quote.subtotalCents - quote.savingsCents);
        expect(base - couponDiscountCents(coupon, base, catalog.currency)).toBe(order.totalCents);
      }),
      { numRuns: 300 },
    );
  });

  it('for any pack price and coupon', () => {
    fc.assert(
      fc.property(catalogArb, couponArb, fc.constantFrom(...defaultCatalog.packs.map((p) => p.id)), (catalog, coupon, packId) => {
        const quote = pricePack(catalog, packId, coupon);
        const order = pricePackOrder(catalog, packId, coupon);
        expect(order.totalCents).toBe(quote.totalCents);
        expect(couponCentsOf(order.lines)).toBe(quote.couponCents);
        expect(withoutCoupon(order.lines).reduce((sum, l) => sum + l.amountCents, 0)).toBe(order.subtotalCents);
        expect(order.subtotalCents - couponCentsOf(order.lines)).toBe(order.totalCents);
        expect(order.totalCents).toBeGreaterThanOrEqual(Math.min(50, order.subtotalCents));
      }),
    );
  });
});
