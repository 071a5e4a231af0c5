import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { minecraftChoice, recordingProvisioning, startCheckout } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { del, get, post } from './billing.fixtures';

describe.each(dbKinds)("Stripe customers' saved cards on %s", (kind) => {
  let t: TestContext;
  let fake: FakeStripe;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url },
      checkout: { provisioning: recordingProvisioning() },
    });
    customer = await createSignedInUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** Pays at the fake Stripe and lets the success page's reconcile fulfil the order. */
  async function buy(card?: { brand: string; last4: string; exp_month: number; exp_year: number }) {
    const out = await startCheckout(t, customer.cookie, minecraftChoice);
    fake.complete(out.session_id, { card });
    const state = await get(t, `/api/checkout/${out.session_id}`, customer.cookie);
    expect(state.json().order.status).toBe('paid');
    return out;
  }

  const methods = async (cookie = customer.cookie) => (await get(t, '/api/billing/payment-methods', cookie)).json();

  it("lists the cards saved on the customer's Stripe customers, asking each session once", async () => {
    await buy();
    await buy({ brand: 'mastercard', last4: '4444', exp_month: 3, exp_year: 2031 });
    const list = await methods();
    expect(list).toEqual([
      { id: expect.stringMatching(/^pm_test_/), type: 'card', brand: 'mastercard', last4: '4444', expiryMonth: 3, expiryYear: 2031, isDefault: true },
      { id: expect.stringMatching(/^pm_test_/), type: 'card', brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2034, isDefault: false },
    ]);
    const retrievals = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/')).length;
    const before = retrievals();
    await methods();
    expect(retrievals()).toBe(before);
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.paymentMethods).toBe(2);
  });

  it('sets the default on Stripe too, and removes a card by detaching it', async () => {
    const [mastercard, visa] = await methods();
    const res = await post(t, `/api/billing/payment-methods/${visa.id}/default`, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().find((m: { isDefault: boolean }) => m.isDefault).last4).toBe('4242');
    const owner = fake.paymentMethods.get(visa.id)!.customer as string;
    expect(fake.customers.get(owner)?.invoice_settings).toEqual({ default_payment_method: visa.id });

    const removed = await del(t, `/api/billing/payment-methods/${mastercard.id}`, customer.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject([{ last4: '4242', isDefault: true }]);
    expect(fake.paymentMethods.get(mastercard.id)?.customer).toBeNull();
  });

  it("answers 404 for another customer's card", async () => {
    const [visa] = await methods();
    const other = await createSignedInUser(t);
    expect(await methods(other.cookie)).toEqual([]);
    expect((await post(t, `/api/billing/payment-methods/${visa.id}/default`, other.cookie)).statusCode).toBe(404);
    expect((await del(t, `/api/billing/payment-methods/${visa.id}`, other.cookie)).statusCode).toBe(404);
    expect(fake.paymentMethods.get(visa.id)?.customer).not.toBeNull();
  });

  it('shows staff viewing as the customer the cards already known, without asking Stripe or storing anything', async () => {
    await buy({ brand: 'amex', last4: '0005', exp_month: 1, exp_year: 2032 });
    const support = await createSignedInUser(t, { role: 'support' });
    const view = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${customer.id}/view-as`,
      headers: { cookie: support.cookie },
      payload: { reason: 'Customer asks about their cards' },
    });
    expect(view.statusCode, view.body).toBe(200);
    const viewing = `${support.cookie}; sp_view_as=${view.cookies.find((c) => c.name === 'sp_view_as')!.value}`;
    const known = () => t.database.query<{ n: number }>('select count(*)::int as n from provider_customers where user_id = $1', [customer.id]);
    const retrievals = () => fake.requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v1/checkout/sessions/')).length;
    const [storedBefore, askedBefore] = [(await known())[0]!.n, retrievals()];

    const overview = await get(t, '/api/billing', viewing);
    expect(overview.statusCode).toBe(200);
    // The new card is on the account's one Stripe customer (decision 047), already known: it shows.
    expect(overview.json().stats.paymentMethods).toBe(2);
    expect((await get(t, '/api/billing/payment-methods', viewing)).json().error.code).toBe('view_only');
    expect((await known())[0]!.n).toBe(storedBefore);
    expect(retrievals()).toBe(askedBefore);

    // The customer's own read asks about the new checkout as before.
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.paymentMethods).toBe(2);
    expect((await known())[0]!.n).toBe(storedBefore + 1);
  });
});
