import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { minecraftChoice, recordingProvisioning, rowsOf, startCheckout } from '../checkout/checkout.fixtures';
import { createCouponAs } from './coupons.fixtures';

/**
 * With Stripe: a coupon order goes as one line of its discounted total (Stripe takes no negative
 * line), is fulfilled at that amount, and an expired session gives the redemption back.
 */
describe.each(dbKinds)('coupons with Stripe Checkout on %s', (kind) => {
  let t: TestContext;
  let fake: FakeStripe;
  let staff: string;
  const signer = new Stripe('sk_test_signer');

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      env: { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url },
      checkout: { provisioning: recordingProvisioning() },
    });
    staff = (await createSignedInUser(t, { role: 'billing' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  function deliver(type: string, session: Record<string, unknown>) {
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    });
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: fake.webhookSecret });
    return t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
  }

  it('charges the discounted total as one line, and fulfils at that amount', async () => {
    const coupon = await createCouponAs(t, staff, { amount: 20 });
    const customer = await createSignedInUser(t);
    const out = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
    const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
    expect(sent.form).toMatchObject({ 'line_items[0][quantity]': '1', 'line_items[0][price_data][unit_amount]': '1120' });
    expect(sent.form['line_items[1][quantity]']).toBeUndefined();
    expect(fake.sessions.get(out.session_id)?.amount_total).toBe(1120);

    const res = await deliver('checkout.session.completed', fake.complete(out.session_id));
    expect(res.statusCode, res.body).toBe(200);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases).toMatchObject([{ amountCents: 1120, provider: 'stripe' }]);
    expect(rows.invoices[0]).toMatchObject({ totalCents: 1120, discountCents: 0, subtotalCents: 1400 });
    const [redemption] = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, out.order_id));
    expect(redemption!.status).toBe('redeemed');
  });

  it('gives the redemption back when Stripe reports the session expired', async () => {
    const coupon = await createCouponAs(t, staff, { amount: 20, maxRedemptions: 1 });
    const out = await startCheckout(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, coupon: coupon.code });
    const session = { ...fake.sessions.get(out.session_id)!, status: 'expired' };
    expect((await deliver('checkout.session.expired', session)).statusCode).toBe(200);
    expect((await rowsOf(t, out.order_id)).order.status).toBe('expired');
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.redeemed).toBe(0);
  });
});
