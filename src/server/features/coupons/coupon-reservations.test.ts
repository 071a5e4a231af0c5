import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, localCheckoutSessions, orders } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext, type TestUser } from '../../test/test-app';
import { buy } from '../affiliate/affiliate-test-kit';
import { deliverLocalPayment, goodCard, minecraftChoice, recordingBus, recordingProvisioning, rowsOf, startCheckout } from '../checkout/checkout.fixtures';
import { checkCode, createCouponAs } from './coupons.fixtures';

const pack = { kind: 'pack', pack: 'essentials' } as const;

/**
 * Issue 19 §4, decision 032: a customer holds at most one open reservation of a once-per-customer
 * coupon, and at most one of all first-order coupons together, even when checkouts race; a closed
 * order's session takes no payment; and a payment that still gets past a rule is fulfilled and
 * counted, so a coupon's count always equals its redemptions.
 */
describe.each(dbKinds)('coupon reservations on %s', (kind) => {
  let t: TestContext;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    staff = (await createSignedInUser(t, { role: 'billing' })).cookie;
  });
  afterAll(async () => t?.close());

  async function redemptionsOf(couponId: string) {
    return t.database.db
      .select({ orderId: couponRedemptions.orderId, status: couponRedemptions.status, orderStatus: orders.status })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(eq(couponRedemptions.couponId, couponId));
  }

  /** The count equals the redemptions that hold or used the coupon, and every paid order's redemption is final. */
  async function expectCountIsRedemptions(couponId: string): Promise<number> {
    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, couponId));
    const all = await redemptionsOf(couponId);
    const counted = all.filter((r) => r.status !== 'released');
    expect(row!.redeemed).toBe(counted.length);
    for (const r of all) if (r.orderStatus === 'paid') expect(r.status).toBe('redeemed');
    return row!.redeemed;
  }

  type Customer = TestUser & { cookie: string };

  async function pendingOrdersOf(user: TestUser) {
    return t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.status, 'pending')));
  }

  async function sessionsOf(user: TestUser) {
    return t.database.db
      .select({ id: localCheckoutSessions.id, orderId: localCheckoutSessions.orderId })
      .from(localCheckoutSessions)
      .innerJoin(orders, eq(orders.id, localCheckoutSessions.orderId))
      .where(eq(orders.userId, user.id));
  }

  /** Pays on the built-in checkout, each time from another address (the page allows 20 payments a minute from one). */
  let payments = 0;
  function pay(sessionId: string) {
    payments += 1;
    return t.app.inject({ method: 'POST', url: `/api/local-checkout/${sessionId}/pay`, payload: goodCard, remoteAddress: `10.19.4.${payments}` });
  }

  function checkout(user: Customer, payload: object) {
    return t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: user.cookie }, payload });
  }

  it('a first-order coupon is held by one unpaid order at a time: each new checkout with one replaces the last', async () => {
    const welcome = await createCouponAs(t, staff, { firstOrderOnly: true, oncePerCustomer: false });
    const newbie = await createCouponAs(t, staff, { firstOrderOnly: true, oncePerCustomer: false, amount: 10 });
    const customer = await createSignedInUser(t);
    const first = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: welcome.code });
    const second = await startCheckout(t, customer.cookie, { ...minecraftChoice, period: '3months', coupon: welcome.code });
    const third = await startCheckout(t, customer.cookie, { ...pack, coupon: newbie.code });

    expect((await pendingOrdersOf(customer)).map((o) => o.id)).toEqual([third.order_id]);
    expect(await redemptionsOf(welcome.id)).toEqual(
      expect.arrayContaining([
        { orderId: first.order_id, status: 'released', orderStatus: 'expired' },
        { orderId: second.order_id, status: 'released', orderStatus: 'expired' },
      ]),
    );
    expect(await expectCountIsRedemptions(welcome.id)).toBe(0);
    expect(await expectCountIsRedemptions(newbie.id)).toBe(1);

    for (const closed of [first, second]) {
      const res = await pay(closed.session_id);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('checkout_expired');
    }
    expect((await pay(third.session_id)).statusCode).toBe(200);
    expect(await expectCountIsRedemptions(newbie.id)).toBe(1);
    const again = await checkout(customer, { ...minecraftChoice, coupon: welcome.code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('coupon_first_order_only');
  });

  it('parallel checkouts with first-order coupons leave one order that can be paid', async () => {
    const welcome = await createCouponAs(t, staff, { firstOrderOnly: true, oncePerCustomer: false });
    const newbie = await createCouponAs(t, staff, { firstOrderOnly: true, oncePerCustomer: false, amount: 10 });
    const customer = await createSignedInUser(t);
    const codes = [welcome.code, welcome.code, welcome.code, newbie.code, welcome.code, newbie.code, welcome.code, welcome.code];
    const answers = await Promise.all(codes.map((code) => checkout(customer, { ...pack, coupon: code })));
    for (const answer of answers) {
      if (answer.statusCode !== 200) expect(answer.json().error.code, answer.body).toBe('checkout_replaced');
    }
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);

    expect(await pendingOrdersOf(customer)).toHaveLength(1);
    expect((await expectCountIsRedemptions(welcome.id)) + (await expectCountIsRedemptions(newbie.id))).toBe(1);
    // Every session any of them opened is tried: one payment goes through.
    const sessions = await sessionsOf(customer);
    const paid = [];
    for (const session of sessions) paid.push((await pay(session.id)).statusCode);
    expect(paid.filter((s) => s === 200)).toHaveLength(1);
    expect(paid.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    expect((await expectCountIsRedemptions(welcome.id)) + (await expectCountIsRedemptions(newbie.id))).toBe(1);
  });

  it('parallel checkouts with a once-per-customer coupon leave one order that can be paid', async () => {
    const coupon = await createCouponAs(t, staff, { maxRedemptions: 20 });
    const customer = await createSignedInUser(t);
    const answers = await Promise.all(Array.from({ length: 6 }, () => checkout(customer, { ...pack, coupon: coupon.code })));
    for (const answer of answers) {
      if (answer.statusCode !== 200) expect(answer.json().error.code, answer.body).toBe('checkout_replaced');
    }
    expect(await pendingOrdersOf(customer)).toHaveLength(1);
    expect(await expectCountIsRedemptions(coupon.id)).toBe(1);
    const paid = [];
    for (const session of await sessionsOf(customer)) paid.push((await pay(session.id)).statusCode);
    expect(paid.filter((s) => s === 200)).toHaveLength(1);
    expect(await expectCountIsRedemptions(coupon.id)).toBe(1);
  });

  it("a payment closes the customer's unpaid orders that its coupon rules no longer allow", async () => {
    const welcome = await createCouponAs(t, staff, { firstOrderOnly: true });
    const customer = await createSignedInUser(t);
    const held = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: welcome.code });
    // Another order, without the coupon, is paid first: the customer is no longer new.
    await buy(t, customer.cookie, pack);
    expect((await rowsOf(t, held.order_id)).order.status).toBe('expired');
    expect(await redemptionsOf(welcome.id)).toEqual([{ orderId: held.order_id, status: 'released', orderStatus: 'expired' }]);
    expect(await expectCountIsRedemptions(welcome.id)).toBe(0);
    expect((await pay(held.session_id)).statusCode).toBe(409);

    // Once per customer: the replaced order's payment still arrives (paid just before it was
    // closed); it is fulfilled, and the newer unpaid order holding the code is closed instead.
    const once = await createCouponAs(t, staff);
    const early = await startCheckout(t, customer.cookie, { ...pack, coupon: once.code });
    const late = await startCheckout(t, customer.cookie, { ...pack, coupon: once.code });
    await deliverLocalPayment(t, early.session_id);
    expect((await rowsOf(t, early.order_id)).order.status).toBe('paid');
    expect((await rowsOf(t, late.order_id)).order.status).toBe('expired');
    expect((await pay(late.session_id)).statusCode).toBe(409);
    expect(await expectCountIsRedemptions(once.id)).toBe(1);
  });

  it('a customer replacing their own unpaid order keeps the last redemption it held', async () => {
    const last = await createCouponAs(t, staff, { maxRedemptions: 1 });
    const customer = await createSignedInUser(t);
    const first = await startCheckout(t, customer.cookie, { ...pack, coupon: last.code });
    expect(await checkCode(t, (await createSignedInUser(t)).cookie, { ...pack, code: last.code })).toMatchObject({ code: 'coupon_used_up' });
    expect(await checkCode(t, customer.cookie, { ...pack, code: last.code })).toMatchObject({ ok: true });
    const second = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: last.code });
    expect((await rowsOf(t, first.order_id)).order.status).toBe('expired');
    expect((await rowsOf(t, second.order_id)).order.status).toBe('pending');
    expect(await expectCountIsRedemptions(last.id)).toBe(1);
  });

  it('a paid order past its coupon rules is fulfilled and counted: the count equals the redemptions, past the maximum', async () => {
    const once = await createCouponAs(t, staff, { maxRedemptions: 1 });
    const customer = await createSignedInUser(t);
    const replaced = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: once.code });
    const kept = await startCheckout(t, customer.cookie, { ...minecraftChoice, coupon: once.code });
    expect((await pay(kept.session_id)).statusCode).toBe(200);
    // The provider took the replaced order's payment too (a session paid just before it was expired).
    await deliverLocalPayment(t, replaced.session_id);
    const rows = await rowsOf(t, replaced.order_id);
    expect(rows.order.status).toBe('paid');
    expect(rows.servers).toHaveLength(1);
    expect(rows.invoices[0]!.totalCents).toBe(rows.order.totalCents);
    expect(await redemptionsOf(once.id)).toEqual(
      expect.arrayContaining([
        { orderId: replaced.order_id, status: 'redeemed', orderStatus: 'paid' },
        { orderId: kept.order_id, status: 'redeemed', orderStatus: 'paid' },
      ]),
    );
    expect(await expectCountIsRedemptions(once.id)).toBe(2);
    expect(await checkCode(t, (await createSignedInUser(t)).cookie, { ...minecraftChoice, code: once.code })).toMatchObject({ code: 'coupon_used_up' });

    // First order only: the closed first-order order's payment arrives after another was paid.
    const welcome = await createCouponAs(t, staff, { firstOrderOnly: true });
    const newcomer = await createSignedInUser(t);
    const held = await startCheckout(t, newcomer.cookie, { ...pack, coupon: welcome.code });
    await buy(t, newcomer.cookie, pack);
    await deliverLocalPayment(t, held.session_id);
    expect((await rowsOf(t, held.order_id)).order.status).toBe('paid');
    expect(await redemptionsOf(welcome.id)).toEqual([{ orderId: held.order_id, status: 'redeemed', orderStatus: 'paid' }]);
    expect(await expectCountIsRedemptions(welcome.id)).toBe(1);
  });

  it('checks the count against the redemptions of every coupon these tests touched', async () => {
    const all = await t.database.db.select({ id: coupons.id }).from(coupons);
    for (const { id } of all) await expectCountIsRedemptions(id);
    const stray = await t.database.db
      .select()
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(and(eq(orders.status, 'paid'), ne(couponRedemptions.status, 'redeemed')));
    expect(stray).toEqual([]);
  });
});
