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

  async function expectCountIsRedemptions(couponId: string): Promise<number> {
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    const all = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
    expect(row!.redeemed).toBe(all.filter((r) => r.status !== 'released').length);
    return row!.redeemed;
  }

  it('a second checkout with a once-per-customer or first-order code expires the first Stripe session, which then takes no payment', async () => {
    for (const rules of [{ oncePerCustomer: true }, { oncePerCustomer: false, firstOrderOnly: true }]) {
      const coupon = await createCouponAs(t, staff, { amount: 20, ...rules });
      const customer = await createSignedInUser(t);
      const first = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
      const second = await startCheckout(t, customer.cookie, { ...minecraftChoice, period: '3months', coupon: coupon.code });
      expect(fake.requests.filter((r) => r.path === `/v1/checkout/sessions/${first.session_id}/expire`)).toHaveLength(1);
      expect(fake.sessions.get(first.session_id)).toMatchObject({ status: 'expired' });
      expect(() => fake.complete(first.session_id)).toThrow(/expired/);
      // Stripe's own expiry event changes nothing more.
      const expired = fake.eventsOf('checkout.session.expired').find((e) => e.data.object.id === first.session_id)!;
      expect((await deliver('checkout.session.expired', expired.data.object)).statusCode).toBe(200);
      expect((await rowsOf(t, first.order_id)).order.status).toBe('expired');

      expect((await deliver('checkout.session.completed', fake.complete(second.session_id))).statusCode).toBe(200);
      expect((await rowsOf(t, second.order_id)).order.status).toBe('paid');
      expect(await expectCountIsRedemptions(coupon.id)).toBe(1);
    }
  });

  it('a first session paid just before the second checkout is fulfilled, and the second checkout is refused', async () => {
    const coupon = await createCouponAs(t, staff, { amount: 20 });
    const customer = await createSignedInUser(t);
    const first = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
    // Paid at Stripe; its webhook is still on the way.
    const completed = fake.complete(first.session_id);
    const second = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: customer.cookie }, payload: { ...minecraftChoice, coupon: coupon.code } });
    expect(second.statusCode).toBe(400);
    expect(second.json().error.code).toBe('coupon_already_used');
    const rows = await rowsOf(t, first.order_id);
    expect(rows.order.status).toBe('paid');
    expect(rows.purchases).toMatchObject([{ amountCents: 1120 }]);
    const redemptions = await t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, coupon.id));
    expect(redemptions.map((r) => [r.orderId === first.order_id, r.status]).sort()).toEqual([
      [false, 'released'],
      [true, 'redeemed'],
    ]);
    expect(await expectCountIsRedemptions(coupon.id)).toBe(1);
    // The late webhook finds the order paid.
    expect((await deliver('checkout.session.completed', completed)).statusCode).toBe(200);
    expect((await rowsOf(t, first.order_id)).purchases).toHaveLength(1);
    expect(await expectCountIsRedemptions(coupon.id)).toBe(1);
  });

  it('a replaced session that Stripe still reports paid is fulfilled and counted: two uses show as two', async () => {
    const coupon = await createCouponAs(t, staff, { amount: 20, maxRedemptions: 1 });
    const customer = await createSignedInUser(t);
    const first = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
    const second = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
    expect((await deliver('checkout.session.completed', fake.complete(second.session_id))).statusCode).toBe(200);
    // Stripe took the first session's payment as it was being expired (the race decision 032 leaves).
    const late = { ...fake.sessions.get(first.session_id)!, status: 'complete', payment_status: 'paid', payment_intent: 'pi_test_late' };
    expect((await deliver('checkout.session.completed', late)).statusCode).toBe(200);
    expect((await rowsOf(t, first.order_id)).order.status).toBe('paid');
    expect(await expectCountIsRedemptions(coupon.id)).toBe(2);
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
