import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_NOTE } from '../../../shared/tax';
import { billingDetails, creditNotes, localCheckoutSessions, orders, purchases } from '../../db/schema';
import { startFakeVies, type FakeVies } from '../../test/fakes/vies/fake-vies';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { buy, commissionsOf, referralCodeOf, signUpThrough } from '../affiliate/affiliate-test-kit';
import { minecraftChoice, recordingBus, recordingProvisioning, rowsOf, startCheckout } from '../checkout/checkout.fixtures';
import { addRate, putBillingDetails, removeRate, saveStore, setBillingDetails } from './tax.fixtures';

const german = { name: 'Klötzchen GmbH', address: 'Torstraße 1, Berlin', country: 'DE', region: '', postalCode: '10119', vatId: '' };

describe.each(dbKinds)('taxes at checkout and on documents on %s', (kind) => {
  let t: TestContext;
  let admin: string;
  let vies: FakeVies;

  beforeAll(async () => {
    vies = await startFakeVies();
    vies.register('FR40303265045', { name: 'KLÖTZCHEN SAS' });
    vies.register('DE123456789');
    vies.register('NL123456789B01', { name: 'BLOKHOST B.V.' });
    t = await createTestApp(kind, { env: { VIES_API_URL: vies.url }, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    admin = (await createSignedInUser(t, { role: 'admin' })).cookie;
    // A Dutch seller charging German and Dutch VAT.
    await saveStore(t, admin);
    await addRate(t, admin, { country: 'DE', name: 'VAT', ratePercent: 19 });
    await addRate(t, admin, { country: 'NL', name: 'BTW', ratePercent: 21 });
  });
  afterAll(async () => {
    await t?.close();
    await vies?.close();
  });

  describe('billing details', () => {
    it('are null until given; saved normalized, with the VAT ID checked with VIES', async () => {
      const customer = await createSignedInUser(t, { billing: false });
      const empty = await t.app.inject({ method: 'GET', url: '/api/account/billing-details', headers: { cookie: customer.cookie } });
      expect(empty.json()).toEqual({ details: null });

      const saved = await setBillingDetails(t, customer.cookie, { ...german, country: ' de ', postalCode: ' 10119 ', vatId: 'de 123.456-789' });
      expect(saved).toMatchObject({ country: 'DE', postalCode: '10119', vatId: 'DE123456789', vatIdStatus: 'verified', vatCheck: { by: 'vies', consultation: expect.stringMatching(/^WAPI/) } });
      const read = await t.app.inject({ method: 'GET', url: '/api/account/billing-details', headers: { cookie: customer.cookie } });
      expect(read.json().details).toMatchObject({ name: 'Klötzchen GmbH', vatId: 'DE123456789', vatIdStatus: 'verified', vatCheckError: null });

      // Removing the VAT ID clears its status.
      expect(await setBillingDetails(t, customer.cookie, german)).toMatchObject({ vatId: '', vatIdStatus: null, vatCheck: null });
    });

    it('refuse bad input with the field that is wrong, and save nothing', async () => {
      const customer = await createSignedInUser(t, { billing: false });
      const cases: [object, string, string][] = [
        [{ ...german, country: 'XX' }, 'country', 'Choose a country from the list'],
        [{ ...german, country: 'Germany' }, 'country', 'Choose a country from the list'],
        [{ ...german, country: undefined }, 'country', 'Choose a country'],
        [{ ...german, name: '  ' }, 'name', 'Enter your name or company'],
        [{ ...german, name: 'x'.repeat(201) }, 'name', 'Please keep the name under 200 characters'],
        [{ ...german, vatId: 'DE12345678' }, 'vatId', "That VAT ID doesn't look right for its country. Please check it and try again."],
        [{ ...german, vatId: 'US123456789' }, 'vatId', 'Start your VAT ID with its EU country code, such as FR or DE.'],
        [{ ...german, vatId: 'GR123456789' }, 'vatId', 'Start your VAT ID with its EU country code, such as FR or DE.'],
        [{ ...german, postalCode: '10119!' }, 'postalCode', 'Enter a postal code of letters, digits, spaces or dashes'],
        [{ ...german, region: 'r'.repeat(101) }, 'region', 'Please keep the region under 100 characters'],
      ];
      for (const [payload, field, message] of cases) {
        const res = await putBillingDetails(t, customer.cookie, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.fields?.[field], JSON.stringify(payload)).toBe(message);
      }
      expect(await t.database.db.select().from(billingDetails).where(eq(billingDetails.userId, customer.id))).toEqual([]);
      expect((await putBillingDetails(t, '', german)).statusCode).toBe(401);
    });

    it('ask for the state where the store has rates per region, and tell the storefront which', async () => {
      const ny = await addRate(t, admin, { country: 'US', region: 'NY', name: 'Sales tax', ratePercent: 8.875 });
      const customer = await createSignedInUser(t, { billing: false });
      const refused = await putBillingDetails(t, customer.cookie, { name: 'Ada', country: 'US', postalCode: '10001' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.region).toBe('Enter your state or region: taxes in United States depend on it.');

      const anonymous = await t.app.inject({ method: 'GET', url: '/api/tax/terms' });
      expect(anonymous.json()).toEqual({ pricesIncludeTax: false, hasBillingDetails: false, treatment: null, regions: { US: ['NY'] } });

      await setBillingDetails(t, customer.cookie, { name: 'Ada', country: 'US', region: 'ny', postalCode: '10001' });
      const terms = await t.app.inject({ method: 'GET', url: '/api/tax/terms', headers: { cookie: customer.cookie } });
      expect(terms.json()).toMatchObject({
        hasBillingDetails: true,
        treatment: { inclusive: false, reverseCharge: false, lines: [{ name: 'Sales tax', rate: 8875 }] },
      });
      await removeRate(t, admin, ny.id);
    });
  });

  describe('checkout', () => {
    it('asks a customer without billing details for them first, and leaves no order', async () => {
      const customer = await createSignedInUser(t, { billing: false });
      const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: customer.cookie }, payload: minecraftChoice });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'billing_details_required', fields: { billingDetails: expect.any(String) } });
      expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    });

    it('POST /api/quote answers the net, the tax lines and the gross for the signed-in customer', async () => {
      const customer = await createSignedInUser(t, { billing: german });
      const choice = { game: 'minecraft', plan: 'minecraft-4gb', period: 'monthly', location: 'us-west', addons: {} };
      const mine = await t.app.inject({ method: 'POST', url: '/api/quote', headers: { cookie: customer.cookie }, payload: choice });
      expect(mine.json()).toMatchObject({ totalCents: 1400, tax: { netCents: 1400, lines: [{ name: 'VAT', rate: 19000, amountCents: 266 }], taxCents: 266, grossCents: 1666 } });
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/quote', payload: choice });
      expect(anonymous.json().tax).toEqual({ inclusive: false, reverseCharge: false, netCents: 1400, lines: [], taxCents: 0, grossCents: 1400 });
    });

    it('adds German VAT on top: the order, the provider, the purchase and the invoice agree to the cent', async () => {
      const customer = await createSignedInUser(t, { billing: german });
      const out = await buy(t, customer.cookie);
      const rows = await rowsOf(t, out.order_id);
      // 1400 × 19% = 266.
      const tax = { taxInclusive: false, netCents: 1400, taxCents: 266, grossCents: 1666, reverseCharge: false, taxLines: [{ name: 'VAT', rate: 19000, amountCents: 266 }] };
      expect(rows.order).toMatchObject({ totalCents: 1400, ...tax, buyer: { name: 'Klötzchen GmbH', country: 'DE', vatId: '', email: customer.email } });
      const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.orderId, out.order_id));
      expect(session!.amountCents).toBe(1666);
      expect(rows.purchases[0]!.amountCents).toBe(1666);
      const invoice = rows.invoices[0]!;
      expect(invoice).toMatchObject({
        ...tax,
        taxNote: null,
        seller: { name: 'Blokhost B.V.', address: 'Keizersgracht 1\n1015 CJ Amsterdam', country: 'NL', taxId: 'NL123456789B01' },
        buyer: { name: 'Klötzchen GmbH', address: 'Torstraße 1, Berlin', postalCode: '10119', country: 'DE' },
      });
      const page = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}`, headers: { cookie: customer.cookie } });
      expect(page.json()).toMatchObject({
        seller: { name: 'Blokhost B.V.', taxId: 'NL123456789B01', country: 'NL' },
        customer: { name: 'Klötzchen GmbH', country: 'DE' },
        tax: { netCents: 1400, taxCents: 266, grossCents: 1666, lines: [{ name: 'VAT', rate: 19000, amountCents: 266 }], note: null },
      });
      // The success page's order says the same.
      const state = await t.app.inject({ method: 'GET', url: `/api/orders/${out.order_id}`, headers: { cookie: customer.cookie } });
      expect(state.json().order.tax).toMatchObject({ netCents: 1400, grossCents: 1666 });
    });

    it('reverse charge: a German business with a French VAT ID VIES verified pays 0%, and the invoice carries the note and the check', async () => {
      const customer = await createSignedInUser(t, { billing: german });
      const saved = await setBillingDetails(t, customer.cookie, { ...german, vatId: 'FR 40 303265045' });
      expect(saved).toMatchObject({ vatIdStatus: 'verified' });
      // The seller's own VAT ID went along as requester, so VIES gave a consultation number.
      expect(vies.requests.at(-1)).toEqual({ countryCode: 'FR', vatNumber: '40303265045', requesterMemberStateCode: 'NL', requesterNumber: '123456789B01' });
      const consultation = vies.consultations.at(-1)!;
      const vatCheck = { by: 'vies', consultation, checkedAt: saved.vatCheck.checkedAt };
      const out = await buy(t, customer.cookie);
      const rows = await rowsOf(t, out.order_id);
      expect(rows.order).toMatchObject({ netCents: 1400, taxCents: 0, grossCents: 1400, reverseCharge: true, taxLines: [{ name: 'VAT', rate: 0, amountCents: 0 }] });
      expect(rows.purchases[0]!.amountCents).toBe(1400);
      const invoice = rows.invoices[0]!;
      expect(invoice).toMatchObject({ reverseCharge: true, taxNote: REVERSE_CHARGE_NOTE, buyer: { vatId: 'FR40303265045', vatIdStatus: 'verified', vatCheck } });
      const page = await t.app.inject({ method: 'GET', url: `/api/invoices/${invoice.id}`, headers: { cookie: customer.cookie } });
      expect(page.json()).toMatchObject({
        customer: { vatId: 'FR40303265045', vatIdStatus: 'verified', vatCheck, country: 'DE' },
        tax: { reverseCharge: true, taxCents: 0, grossCents: 1400, lines: [{ name: 'VAT', rate: 0, amountCents: 0 }], note: REVERSE_CHARGE_NOTE },
      });
    });

    it("charges VAT to a business in the seller's own country, and to a malformed or missing ID", async () => {
      const dutch = await createSignedInUser(t, { billing: { name: 'Blokjes B.V.', country: 'NL', region: '', postalCode: '1011 AB', vatId: 'NL123456789B02', address: '' } });
      const out = await buy(t, dutch.cookie);
      expect((await rowsOf(t, out.order_id)).order).toMatchObject({ reverseCharge: false, taxCents: 294, grossCents: 1694 });
      const bad = await putBillingDetails(t, dutch.cookie, { ...german, vatId: 'FR123' });
      expect(bad.statusCode).toBe(400);
    });

    it('with prices that include tax, the catalog price is the gross and the net is what is left', async () => {
      const refused = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie: admin }, payload: { ...sellerOnly(), pricesIncludeTax: true, reason: '' } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.reason).toBeTruthy();
      await saveStore(t, admin, { pricesIncludeTax: true, reason: 'Consumers see final prices' });
      try {
        const customer = await createSignedInUser(t, { billing: german });
        const out = await buy(t, customer.cookie);
        const rows = await rowsOf(t, out.order_id);
        // 1400 × 19 / 119 = 223.5 → 224 (half up); net 1176.
        expect(rows.order).toMatchObject({ taxInclusive: true, totalCents: 1400, netCents: 1176, taxCents: 224, grossCents: 1400 });
        expect(rows.purchases[0]!.amountCents).toBe(1400);
        expect(rows.invoices[0]).toMatchObject({ taxInclusive: true, netCents: 1176, taxCents: 224, grossCents: 1400 });
      } finally {
        await saveStore(t, admin, { pricesIncludeTax: false, reason: 'Back to prices without tax' });
      }
    });

    it('books the referrer’s commission on the net, never on the tax', async () => {
      const referrer = await createSignedInUser(t);
      const referred = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
      await setBillingDetails(t, referred.cookie, german);
      await buy(t, referred.cookie);
      const [commission] = await commissionsOf(t, referrer.id);
      // 25% of the net 1400, not of the gross 1666.
      expect(commission).toMatchObject({ amountCents: 350 });
    });

    it('a partial refund issues a credit note with its share of the tax, and the seller and buyer as issued', async () => {
      const customer = await createSignedInUser(t, { billing: german });
      const out = await buy(t, customer.cookie);
      const billingStaff = (await createSignedInUser(t, { role: 'billing' })).cookie;
      const refund = (amountCents: number) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${out.order_id}/refunds`,
          headers: { cookie: billingStaff },
          payload: { amountCents, method: 'credit', reason: 'Goodwill after an outage', cancelService: false },
        });
      expect((await refund(833)).statusCode).toBe(200);
      expect((await refund(833)).statusCode).toBe(200);
      const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.userId, customer.id));
      const sorted = notes.sort((a, b) => a.number.localeCompare(b.number));
      // 833 of 1666 is half: 133 of the 266 VAT each, and the two add up to the invoice's tax.
      expect(sorted.map((n) => [n.amountCents, n.netCents, n.taxCents])).toEqual([
        [833, 700, 133],
        [833, 700, 133],
      ]);
      expect(sorted[0]).toMatchObject({ seller: { name: 'Blokhost B.V.' }, buyer: { name: 'Klötzchen GmbH', country: 'DE' }, taxLines: [{ name: 'VAT', rate: 19000, amountCents: 133 }] });
      const page = await t.app.inject({ method: 'GET', url: `/api/credit-notes/${sorted[0]!.id}`, headers: { cookie: customer.cookie } });
      expect(page.json()).toMatchObject({
        amountCents: 833,
        netCents: 700,
        taxCents: 133,
        taxLines: [{ name: 'VAT', rate: 19000, amountCents: 133 }],
        seller: { name: 'Blokhost B.V.', taxId: 'NL123456789B01' },
        customer: { name: 'Klötzchen GmbH' },
        invoice: { totalCents: 1666 },
      });
      const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, out.order_id));
      expect(purchase!.status).toBe('refunded');
    });

    it('a customer starting checkout after removing a rate pays no tax for it', async () => {
      const rate = await addRate(t, admin, { country: 'AT', name: 'USt', ratePercent: 20 });
      await removeRate(t, admin, rate.id);
      const customer = await createSignedInUser(t, { billing: { ...german, country: 'AT', postalCode: '1010' } });
      const out = await startCheckout(t, customer.cookie);
      expect((await rowsOf(t, out.order_id)).order).toMatchObject({ taxCents: 0, grossCents: 1400, taxLines: [] });
    });
  });
});

function sellerOnly() {
  return { sellerName: 'Blokhost B.V.', sellerAddress: '', sellerCountry: 'NL', sellerTaxId: '', pricesIncludeTax: false };
}
