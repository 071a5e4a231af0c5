import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import type { CouponTerms } from '../../../shared/coupons';
import { priceChoice } from '../../../shared/pricing';
import type { TaxTerms } from '../../../shared/schemas/tax';
import { localCheckoutSessions } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { goodCard, recordingBus, recordingProvisioning, rowsOf, startCheckout } from '../checkout/checkout.fixtures';
import { checkCode, createCouponAs } from '../coupons/coupons.fixtures';
import { saveStore } from './tax.fixtures';

/**
 * The quote the configurator shows (the shared pricing function in the browser, with the coupon
 * terms and tax lines the server answered), the checkout the server prices and charges, and the
 * invoice it issues agree to the cent, for any choice of the catalog, any coupon and any tax rates.
 */
describe.each(dbKinds)('quote = checkout = invoice, with coupons and taxes, on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let catalog: Catalog;

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    catalog = (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json() as Catalog;
    await saveStore(t, admin);
  }, 60_000);
  afterAll(async () => t?.close());

  const choice = () =>
    fc.constantFrom(...catalog.plans).chain((plan) =>
      fc.record({
        kind: fc.constant('server' as const),
        game: fc.constant(plan.game),
        plan: fc.constant(plan.id),
        period: fc.constantFrom(...catalog.periods.map((p) => p.value)),
        location: fc.constantFrom(...catalog.locations.map((l) => l.value)),
        addons: fc.record(Object.fromEntries(catalog.addons.map((a) => [a.key, fc.integer({ min: 0, max: Math.min(a.maxQuantity, 4) })]))),
        serverName: fc.constant('Property Valley'),
      }),
    );
  const coupon = fc.option(
    fc.oneof(
      fc.record({ kind: fc.constant('percent' as const), amount: fc.integer({ min: 1, max: 100 }) }),
      fc.record({ kind: fc.constant('fixed' as const), amount: fc.integer({ min: 1, max: 20_000 }) }),
    ),
    { nil: null },
  );
  // Up to two rates for the buyer's country and region, 0–30% with up to three decimals.
  const rates = fc.array(fc.integer({ min: 0, max: 30_000 }), { minLength: 0, maxLength: 2 });
  let run = 0;

  it('for any choice, coupon, rates and price basis', async () => {
    await fc.assert(
      fc.asyncProperty(choice(), coupon, rates, fc.boolean(), async (picked, couponInput, rateList, inclusive) => {
        run += 1;
        // Each run taxes its own region of Canada, so the rates of earlier runs never apply.
        const region = `R${run}`;
        await saveStore(t, admin, { pricesIncludeTax: inclusive, reason: 'Property run' });
        for (const [i, rate] of rateList.entries()) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/admin/settings/tax-rates',
            headers: { cookie: admin },
            payload: { country: 'CA', region, name: `Tax ${i}`, ratePercent: rate / 1000, reason: 'Property run' },
          });
          expect(res.statusCode, res.body).toBe(201);
        }
        const customer = await createSignedInUser(t, { billing: { name: 'Prop Erty', country: 'CA', region, postalCode: 'H2X 1Y4' } });

        // The quote, as the configurator computes it.
        const terms = (await t.app.inject({ method: 'GET', url: '/api/tax/terms', headers: { cookie: customer.cookie } })).json() as TaxTerms;
        expect(terms.treatment?.lines).toHaveLength(rateList.length);
        let couponTerms: CouponTerms | undefined;
        if (couponInput) {
          const created = await createCouponAs(t, admin, couponInput);
          const answer = await checkCode(t, customer.cookie, { ...picked, code: created.code });
          if (!answer.ok) throw new Error(answer.message);
          couponTerms = answer.coupon as unknown as CouponTerms;
        }
        const quote = priceChoice(catalog, picked, couponTerms, terms.treatment!);

        // The checkout, priced by the server, and what the card is charged.
        const out = await startCheckout(t, customer.cookie, { ...picked, coupon: couponTerms?.code });
        const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.orderId, out.order_id));
        // From an address of its own: the card page allows 20 payments a minute per address.
        const paid = await t.app.inject({ method: 'POST', url: `/api/local-checkout/${out.session_id}/pay`, payload: goodCard, remoteAddress: `10.1.${Math.floor(run / 250)}.${(run % 250) + 1}` });
        expect(paid.statusCode, paid.body).toBe(200);
        const { order, invoices, purchases } = await rowsOf(t, out.order_id);
        const invoice = invoices[0]!;

        const expected = {
          totalCents: quote.totalCents,
          taxInclusive: inclusive,
          netCents: quote.tax.netCents,
          taxCents: quote.tax.taxCents,
          grossCents: quote.tax.grossCents,
          taxLines: quote.tax.lines,
        };
        expect(order).toMatchObject({ ...expected, subtotalCents: quote.subtotalCents, discountCents: quote.savingsCents });
        expect(invoice).toMatchObject({ ...expected, subtotalCents: quote.subtotalCents, discountCents: quote.savingsCents });
        expect(session!.amountCents).toBe(quote.tax.grossCents);
        expect(purchases[0]!.amountCents).toBe(quote.tax.grossCents);
        expect(quote.tax.netCents + quote.tax.taxCents).toBe(quote.tax.grossCents);
        expect(inclusive ? quote.tax.grossCents : quote.tax.netCents).toBe(quote.totalCents);
      }),
      { numRuns: 30 },
    );
  }, 180_000);
});
