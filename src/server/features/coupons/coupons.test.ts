import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, invoices, localCheckoutSessions, orders } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signInStaff, type TestContext, type TestUser } from '../../test/test-app';
import { buy, commissionsOf, referralCodeOf, signUpThrough } from '../affiliate/affiliate-test-kit';
import { deliverLocalPayment, minecraftChoice, payLocal, recordingBus, recordingProvisioning, rowsOf, startCheckout } from '../checkout/checkout.fixtures';
import { expireStaleOrders } from '../checkout/order-expiry';
import { checkCode, createCouponAs, uniqueCode } from './coupons.fixtures';

const DAY = 24 * 60 * 60 * 1000;

async function couponRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, id));
  return row!;
}

async function redemptionsOf(t: TestContext, couponId: string) {
  return t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));
}

describe.each(dbKinds)('coupons at checkout on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  let billingUser: TestUser;
  /** A fresh staff session each time: the tests move the clock past the idle timeout. */
  const billing = () => signInStaff(t, billingUser);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    billingUser = await createSignedInUser(t, { role: 'billing' });
  });
  afterAll(async () => t?.close());

  it('checks a code for a choice: the server answers the discount line and the total, in any letter case', async () => {
    const coupon = await createCouponAs(t, await billing(), { code: uniqueCode('SPRING'), amount: 20 });
    const customer = await createSignedInUser(t);
    // Minecraft 4GB for 3 months: 4200 × 0.95 = 3990, then 20% off = 798 → 3192.
    const answer = await checkCode(t, customer.cookie, { ...minecraftChoice, period: '3months', code: ` ${coupon.code.toLowerCase()} ` });
    expect(answer).toEqual({
      ok: true,
      coupon: expect.objectContaining({ code: coupon.code, kind: 'percent', amount: 20, duration: 'once' }),
      summary: '20% off once',
      couponCents: 798,
      totalCents: 3192,
    });
    // Signed out, the same answer (the per-customer rules wait for the checkout).
    expect(await checkCode(t, null, { ...minecraftChoice, period: '3months', code: coupon.code })).toMatchObject({ ok: true, totalCents: 3192 });
  });

  it('refuses with the reason: unknown, expired, used up, not for this plan or pack, disabled', async () => {
    const customer = await createSignedInUser(t);
    const check = (code: string, choice: object = minecraftChoice) => checkCode(t, customer.cookie, { ...choice, code });
    expect(await check('NOPE-NOT-A-CODE')).toEqual({ ok: false, code: 'coupon_unknown', message: "That coupon code doesn't exist. Please check it and try again." });

    const soon = await createCouponAs(t, await billing(), { expiresAt: new Date(clock.now().getTime() + DAY).toISOString() });
    clock.advance(DAY + 1);
    expect(await check(soon.code)).toEqual({ ok: false, code: 'coupon_expired', message: 'This coupon has expired.' });

    const one = await createCouponAs(t, await billing(), { maxRedemptions: 1 });
    await buy(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, coupon: one.code });
    expect(await check(one.code)).toEqual({ ok: false, code: 'coupon_used_up', message: 'This coupon has been used up.' });

    const fivem = await createCouponAs(t, await billing(), { games: ['fivem'], plans: ['minecraft-8gb'], packs: ['community-pack'] });
    expect(await check(fivem.code)).toEqual({ ok: false, code: 'coupon_not_for_plan', message: 'This coupon is not for this plan.' });
    expect(await check(fivem.code, { ...minecraftChoice, plan: 'minecraft-8gb' })).toMatchObject({ ok: true });
    expect(await check(fivem.code, { ...minecraftChoice, game: 'fivem', plan: 'fivem-2gb' })).toMatchObject({ ok: true });
    expect(await check(fivem.code, { kind: 'pack', pack: 'essentials' })).toEqual({
      ok: false,
      code: 'coupon_not_for_pack',
      message: 'This coupon is not for this pack.',
    });
    expect(await check(fivem.code, { kind: 'pack', pack: 'community-pack' })).toMatchObject({ ok: true, couponCents: 100, totalCents: 399 });

    const off = await createCouponAs(t, await billing());
    const disabled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/coupons/${off.id}/disable`,
      headers: { cookie: await billing() },
      payload: { reason: 'Campaign ended early' },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await check(off.code)).toEqual({ ok: false, code: 'coupon_disabled', message: 'This coupon is no longer available.' });
  });

  it('a checkout with a refused code is a 400 on the coupon field, and leaves no order behind', async () => {
    const customer = await createSignedInUser(t);
    const restricted = await createCouponAs(t, await billing(), { plans: ['minecraft-1gb'] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: customer.cookie },
      payload: { ...minecraftChoice, coupon: restricted.code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'coupon_not_for_plan', message: 'This coupon is not for this plan.', fields: { coupon: 'This coupon is not for this plan.' } },
    });
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, customer.id))).toEqual([]);
    expect((await couponRow(t, restricted.id)).redeemed).toBe(0);
  });

  it('charges the discounted total, and the order, invoice and purchase agree to the cent', async () => {
    const coupon = await createCouponAs(t, await billing(), { code: uniqueCode('TWENTY'), amount: 20 });
    const customer = await createSignedInUser(t);
    const choice = { ...minecraftChoice, period: '3months', addons: { 'automatic-backups': 1 }, coupon: coupon.code.toLowerCase() };
    const out = await startCheckout(t, customer.cookie, choice);
    // (14.00 + 2.99) × 3 = 50.97; × 0.95 = 48.42 (48.4215); 20% of 4842 = 968.4 → 968; total 3874.
    const { order } = await rowsOf(t, out.order_id);
    expect(order).toMatchObject({ subtotalCents: 5097, discountCents: 255, totalCents: 3874, status: 'pending' });
    expect(order.lines.at(-1)).toEqual({
      kind: 'coupon',
      description: `Coupon ${coupon.code} (20% off)`,
      quantity: 1,
      unitCents: -968,
      amountCents: -968,
      // Its words for a reader in another language (decision 069).
      text: { key: 'line.coupon', values: { code: coupon.code, kind: 'percent', percent: 20 } },
    });
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.orderId, out.order_id));
    expect(session!.amountCents).toBe(3874);
    const [held] = await redemptionsOf(t, coupon.id);
    expect(held).toMatchObject({ userId: customer.id, orderId: out.order_id, status: 'reserved', discountCents: 968 });
    expect((await couponRow(t, coupon.id)).redeemed).toBe(1);

    const paid = await payLocal(t, out.session_id);
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases[0]!.amountCents).toBe(3874);
    expect(rows.invoices[0]).toMatchObject({ lines: order.lines, subtotalCents: 5097, discountCents: 255, totalCents: 3874, status: 'paid' });
    expect((await redemptionsOf(t, coupon.id))[0]).toMatchObject({ status: 'redeemed', redeemedAt: clock.now() });

    // The customer's invoice page gets the coupon line, marked, after the items.
    const res = await t.app.inject({ method: 'GET', url: `/api/invoices/${rows.invoices[0]!.id}`, headers: { cookie: customer.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.at(-1)).toEqual({ kind: 'coupon', description: `Coupon ${coupon.code} (20% off)`, quantity: 1, unitCents: -968, amountCents: -968 });
    expect(res.json()).toMatchObject({ subtotalCents: 5097, discountCents: 255, totalCents: 3874 });

    // Once per customer: a second order with the code is refused.
    const again = await checkCode(t, customer.cookie, { ...choice, code: coupon.code });
    expect(again).toEqual({ ok: false, code: 'coupon_already_used', message: 'You have already used this coupon.' });
  });

  it('takes a fixed amount off a pack, and never leaves less than $0.50 to pay', async () => {
    const fiver = await createCouponAs(t, await billing(), { kind: 'fixed', amount: 500 });
    const customer = await createSignedInUser(t);
    expect(await checkCode(t, customer.cookie, { kind: 'pack', pack: 'community-pack', code: fiver.code })).toMatchObject({
      ok: true,
      summary: '$5.00 off once',
      couponCents: 449,
      totalCents: 50,
    });
    const out = await startCheckout(t, customer.cookie, { kind: 'pack', pack: 'community-pack', coupon: fiver.code });
    const { order } = await rowsOf(t, out.order_id);
    expect(order).toMatchObject({ subtotalCents: 499, discountCents: 0, totalCents: 50 });
    expect(order.lines.map((l) => l.amountCents)).toEqual([499, -449]);
  });

  it('a first-order coupon is refused to a customer who has paid before', async () => {
    const welcome = await createCouponAs(t, await billing(), { firstOrderOnly: true });
    const newcomer = await createSignedInUser(t);
    expect(await checkCode(t, newcomer.cookie, { ...minecraftChoice, code: welcome.code })).toMatchObject({ ok: true });
    const regular = await createSignedInUser(t);
    await buy(t, regular.cookie);
    expect(await checkCode(t, regular.cookie, { ...minecraftChoice, code: welcome.code })).toEqual({
      ok: false,
      code: 'coupon_first_order_only',
      message: 'This coupon is for a first order only.',
    });
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: regular.cookie }, payload: { ...minecraftChoice, coupon: welcome.code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('coupon_first_order_only');
  });

  it('gives the redemption back when the order expires unpaid, and counts it again if the payment still arrives', async () => {
    const last = await createCouponAs(t, await billing(), { maxRedemptions: 1 });
    const first = await createSignedInUser(t);
    const out = await startCheckout(t, first.cookie, { ...minecraftChoice, coupon: last.code });
    expect((await couponRow(t, last.id)).redeemed).toBe(1);
    const second = await createSignedInUser(t);
    expect(await checkCode(t, second.cookie, { ...minecraftChoice, code: last.code })).toMatchObject({ code: 'coupon_used_up' });

    clock.advance(DAY + 1);
    expect(await expireStaleOrders(t.database.db, clock)).toBeGreaterThanOrEqual(1);
    expect((await couponRow(t, last.id)).redeemed).toBe(0);
    expect((await redemptionsOf(t, last.id))[0]).toMatchObject({ status: 'released', releasedAt: clock.now() });
    // The sweep runs again without giving anything back twice.
    await expireStaleOrders(t.database.db, clock);
    expect((await couponRow(t, last.id)).redeemed).toBe(0);
    expect(await checkCode(t, second.cookie, { ...minecraftChoice, code: last.code })).toMatchObject({ ok: true });

    // The built-in checkout takes no payment for an expired order, even through a session left open.
    await t.database.db.update(localCheckoutSessions).set({ status: 'open' }).where(eq(localCheckoutSessions.orderId, out.order_id));
    await t.database.db.update(localCheckoutSessions).set({ expiresAt: new Date(clock.now().getTime() + DAY) }).where(eq(localCheckoutSessions.orderId, out.order_id));
    const refused = await payLocal(t, out.session_id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('checkout_expired');
    // The provider still reports the first order paid: it is fulfilled at its discounted price and counted again.
    await deliverLocalPayment(t, out.session_id);
    expect((await rowsOf(t, out.order_id)).order.status).toBe('paid');
    expect((await couponRow(t, last.id)).redeemed).toBe(1);
    expect((await redemptionsOf(t, last.id))[0]).toMatchObject({ status: 'redeemed' });
  });

  it('a new checkout with the same code replaces the unpaid one that held it', async () => {
    const coupon = await createCouponAs(t, await billing(), { maxRedemptions: 5 });
    const customer = await createSignedInUser(t);
    const abandoned = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
    expect(await checkCode(t, customer.cookie, { ...minecraftChoice, code: coupon.code })).toMatchObject({ ok: true });
    const retried = await startCheckout(t, customer.cookie, { ...minecraftChoice, period: '3months', coupon: coupon.code });
    expect((await rowsOf(t, abandoned.order_id)).order.status).toBe('expired');
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.orderId, abandoned.order_id));
    expect(session!.status).toBe('expired');
    const held = await redemptionsOf(t, coupon.id);
    expect(held.map((r) => [r.orderId, r.status]).sort()).toEqual(
      [
        [abandoned.order_id, 'released'],
        [retried.order_id, 'reserved'],
      ].sort(),
    );
    expect((await couponRow(t, coupon.id)).redeemed).toBe(1);
  });

  it("books the referrer's 25% on what the customer actually paid after the discount", async () => {
    const coupon = await createCouponAs(t, await billing(), { amount: 50 });
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    const { order_id } = await buy(t, customer.cookie, { ...minecraftChoice, coupon: coupon.code });
    const { order } = await rowsOf(t, order_id);
    expect(order.totalCents).toBe(700);
    expect(await commissionsOf(t, referrer.id)).toEqual([expect.objectContaining({ paymentCents: 700, ratePercent: 25, amountCents: 175 })]);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.orderId, order_id));
    expect(invoice!.totalCents).toBe(700);
  });
});
