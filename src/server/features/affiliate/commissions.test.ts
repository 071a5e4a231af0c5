import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../shared/business-rules';
import { commissions, purchases, users } from '../../db/schema';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { buy, commissionsOf, referralCodeOf, signUpThrough, summary } from './affiliate-test-kit';
import { promotePayableCommissions, recordReferralCommission } from './commissions';

const HOUR = 60 * 60 * 1000;

describe.each(dbKinds)('commissions on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const events = recordingBus();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events, provisioning: recordingProvisioning() } });
  });
  afterAll(async () => t?.close());

  async function referrerAndCustomer() {
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    return { referrer, customer };
  }

  it("books 25% of a referred customer's payment, pending for 48 hours", async () => {
    const { referrer, customer } = await referrerAndCustomer();
    const paidAt = clock.now();
    const { order_id } = await buy(t, customer.cookie);
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, order_id));

    const rows = await commissionsOf(t, referrer.id);
    expect(rows).toEqual([
      expect.objectContaining({
        customerUserId: customer.id,
        purchaseId: purchase!.id,
        planName: 'Minecraft 4GB',
        paymentCents: 1400,
        ratePercent: 25,
        amountCents: 350,
        status: 'pending',
      }),
    ]);
    expect(rows[0]!.payableAt.getTime()).toBe(paidAt.getTime() + 48 * HOUR);
    expect(events.published).toContainEqual({ userId: referrer.id, event: { topic: 'affiliate', id: rows[0]!.id } });

    const view = await summary(t, referrer.cookie);
    expect(view.balances[0]).toMatchObject({ pendingCents: 350, payableCents: 0, requestedCents: 0, paidCents: 0 });
    expect(view.stats).toMatchObject({ earnings: [{ currency: 'usd', cents: 350, change: 100 }], referrals: 1, referralsChange: 100 });
    const [localPart, domain] = customer.email.split('@') as [string, string];
    expect(view.recentReferrals).toEqual([
      {
        id: rows[0]!.id,
        user: `${localPart[0]}***@${domain[0]}***.test`,
        plan: 'Minecraft 4GB',
        amount: 350,
        currency: 'usd',
        date: paidAt.toISOString(),
        status: 'pending',
      },
    ]);
    const [activity] = await t.database.query<{ kind: string; message: string }>(
      'select kind, message from activity_log where user_id = $1 order by created_at desc limit 1',
      [referrer.id],
    );
    expect(activity).toEqual({ kind: 'affiliate', message: expect.stringContaining('Referral commission of $3.50 earned') });
  });

  it('books once per payment, however often fulfilment runs', async () => {
    const { referrer, customer } = await referrerAndCustomer();
    const { session_id } = await buy(t, customer.cookie);
    // The success page reconciles the same payment again.
    await t.app.inject({ method: 'GET', url: `/api/checkout/${session_id}`, headers: { cookie: customer.cookie } });
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.userId, customer.id));
    const again = await t.database.db.transaction((tx) =>
      recordReferralCommission(tx, { uuid: () => crypto.randomUUID() }, {
        purchaseId: purchase!.id,
        customerUserId: customer.id,
        planName: 'Minecraft 4GB',
        paymentCents: 1400,
        currency: 'usd',
        paidAt: clock.now(),
      }, defaultBusinessRules),
    );
    expect(again).toBeNull();
    expect(await commissionsOf(t, referrer.id)).toHaveLength(1);
  });

  it('earns on every payment of the referred customer, and nothing on customers who were not referred', async () => {
    const { referrer, customer } = await referrerAndCustomer();
    await buy(t, customer.cookie);
    await buy(t, customer.cookie, { kind: 'pack', pack: 'essentials' });
    expect((await commissionsOf(t, referrer.id)).map((c) => c.amountCents).sort()).toEqual([174, 350]);

    const stranger = await createSignedInUser(t);
    const before = await t.database.db.select().from(commissions);
    await buy(t, stranger.cookie);
    expect(await t.database.db.select().from(commissions)).toHaveLength(before.length);
  });

  it('never pays a commission on your own payment, even if the row says you referred yourself', async () => {
    const self = await createSignedInUser(t);
    await t.database.db.update(users).set({ referredByUserId: self.id }).where(eq(users.id, self.id));
    await buy(t, self.cookie);
    expect(await commissionsOf(t, self.id)).toEqual([]);
  });

  it('turns payable 48 hours after the payment, when read and when promoted', async () => {
    const { referrer, customer } = await referrerAndCustomer();
    await buy(t, customer.cookie);
    clock.advance(48 * HOUR - 1000);
    expect(await promotePayableCommissions(t.database.db, clock)).toBe(0);
    let cookie = await signIn(t, referrer);
    expect((await summary(t, cookie)).balances[0]).toMatchObject({ pendingCents: 350, payableCents: 0 });

    clock.advance(1000);
    cookie = await signIn(t, referrer);
    const view = await summary(t, cookie);
    expect(view.balances[0]).toMatchObject({ pendingCents: 0, payableCents: 350 });
    expect(view.recentReferrals[0]?.status).toBe('payable');
    expect((await commissionsOf(t, referrer.id))[0]?.status).toBe('pending');

    const bus = recordingBus();
    expect(await promotePayableCommissions(t.database.db, clock, bus)).toBeGreaterThanOrEqual(1);
    expect((await commissionsOf(t, referrer.id))[0]?.status).toBe('payable');
    expect(bus.published).toContainEqual({ userId: referrer.id, event: { topic: 'affiliate' } });
    expect((await summary(t, cookie)).balances[0]).toMatchObject({ pendingCents: 0, payableCents: 350 });
  });

  it('reverses the commission when the payment is refunded', async () => {
    const { referrer, customer } = await referrerAndCustomer();
    const { order_id } = await buy(t, customer.cookie);
    await t.app.refunds.refundOrder(order_id, 'Changed my mind');
    const [row] = await commissionsOf(t, referrer.id);
    expect(row).toMatchObject({ status: 'reversed', reversedAt: expect.any(Date) });

    const cookie = await signIn(t, referrer);
    const view = await summary(t, cookie);
    expect(view.balances[0]).toMatchObject({ pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 0 });
    expect(view.stats.earnings).toEqual([{ currency: 'usd', cents: 0, change: 0 }]);
    expect(view.recentReferrals[0]).toMatchObject({ status: 'reversed', amount: 350 });
    // Refunding again changes nothing.
    await t.app.refunds.refundOrder(order_id, 'again');
    expect(await commissionsOf(t, referrer.id)).toHaveLength(1);
  });

  it('shows each user only their own referrals and commission', async () => {
    const { customer } = await referrerAndCustomer();
    await buy(t, customer.cookie);
    const other = await createSignedInUser(t);
    const view = await summary(t, other.cookie, 'year');
    expect(view.recentReferrals).toEqual([]);
    expect(view.balances[0]).toMatchObject({ pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 0 });
    expect(view.stats).toMatchObject({ earnings: [{ currency: 'usd', cents: 0, change: 0 }], referrals: 0, clicks: 0 });
    expect(view.referralCode).toBe(await referralCodeOf(t, other.id));
  });

  it('needs a session, and a known period', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/affiliate' })).statusCode).toBe(401);
    const user = await createSignedInUser(t);
    const bad = await t.app.inject({ method: 'GET', url: '/api/affiliate?period=decade', headers: { cookie: user.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('follows Settings → Business rules: the rate, the refund window before payable, the duration, and nothing while the programme is off', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const save = async (affiliate: object, refundWindowHours = 48) => {
      const rules = { ...defaultBusinessRules, refundWindowHours, affiliate: { ...defaultBusinessRules.affiliate, ...affiliate }, reason: 'Affiliate terms change' };
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/business-rules', headers: { cookie: admin.cookie }, payload: rules });
      expect(res.statusCode, res.body).toBe(200);
    };
    try {
      const { referrer, customer } = await referrerAndCustomer();
      await save({ commissionPercent: 10 }, 24);
      await buy(t, customer.cookie);
      expect(await commissionsOf(t, referrer.id)).toEqual([
        expect.objectContaining({ ratePercent: 10, amountCents: 140, payableAt: new Date(clock.now().getTime() + 24 * HOUR) }),
      ]);

      await save({ enabled: false });
      await buy(t, customer.cookie);
      expect(await commissionsOf(t, referrer.id)).toHaveLength(1);

      // One month of commissions: a payment two months after the referral signed up earns nothing.
      await save({ commissionMonths: 1 });
      await t.database.db.update(users).set({ createdAt: new Date(clock.now().getTime() - 62 * 24 * HOUR) }).where(eq(users.id, customer.id));
      await buy(t, customer.cookie);
      expect(await commissionsOf(t, referrer.id)).toHaveLength(1);
    } finally {
      await save({});
    }
  });
});
