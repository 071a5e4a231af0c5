import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliatePayouts, creditLedger } from '../../db/schema';
import { recordingProvisioning } from '../checkout/checkout.fixtures';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  signIn,
  type TestContext,
  type TestUser,
  signInStaff,
} from '../../test/test-app';
import { bigChoice, buy, call, commissionsOf, referralCodeOf, signUpThrough, summary } from './affiliate-test-kit';

const HOUR = 60 * 60 * 1000;

describe.each(dbKinds)('affiliate payouts on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { provisioning: recordingProvisioning() } });
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  /** A joined affiliate whose referral paid `choices`; the refund window has passed unless told otherwise. */
  async function affiliateWith(choices: object[], options: { join?: boolean; wait?: boolean } = {}) {
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    const orders = [];
    for (const choice of choices) orders.push(await buy(t, customer.cookie, choice));
    if (options.wait !== false) clock.advance(48 * HOUR + 1000);
    const cookie = await signIn(t, referrer);
    if (options.join !== false) expect((await call(t, 'POST', '/api/affiliate/join', cookie)).statusCode).toBe(201);
    return { ...referrer, cookie, customer, orders };
  }

  async function adminCookie() {
    return signInStaff(t, admin);
  }

  const audits = (targetId: string) =>
    t.database.query<{ action: string; reason: string | null; actor_id: string; target_label: string | null; before: unknown; after: unknown }>(
      'select action, reason, actor_id, target_label, before, after from audit_log where target_id = $1 order by seq',
      [targetId],
    );

  it('joins once: 201, then 409 already_joined', async () => {
    const user = await createSignedInUser(t);
    expect((await summary(t, user.cookie)).joined).toBe(false);
    const first = await call(t, 'POST', '/api/affiliate/join', user.cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ joined: true, joinedAt: clock.now().toISOString() });
    const second = await call(t, 'POST', '/api/affiliate/join', user.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('already_joined');
    expect((await summary(t, user.cookie)).joined).toBe(true);
    expect((await call(t, 'POST', '/api/affiliate/join')).statusCode).toBe(401);
  });

  it('refuses a payout below $50.00 payable, counting pending commission out', async () => {
    const affiliate = await affiliateWith([bigChoice], { wait: false });
    const res = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'below_minimum',
      message: 'You need at least $50.00 in payable commission in USD to request a payout. You have $0.00.',
    });
    const small = await affiliateWith([{ ...bigChoice, plan: 'minecraft-1gb' }]);
    const also = await call(t, 'POST', '/api/affiliate/payouts', small.cookie, { method: 'cash' });
    expect(also.json().error.code).toBe('below_minimum');
  });

  it('asks to join before paying out', async () => {
    const affiliate = await affiliateWith([bigChoice], { join: false });
    const res = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('not_joined');
  });

  it('pays all payable commission as account credit at once', async () => {
    const affiliate = await affiliateWith([bigChoice]);
    expect((await summary(t, affiliate.cookie)).balances[0]?.payableCents).toBe(6720);
    const res = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' });
    expect(res.statusCode, res.body).toBe(201);
    const payout = res.json();
    expect(payout).toMatchObject({ method: 'credit', status: 'credited', amountCents: 6720 });

    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, affiliate.id));
    expect(ledger).toEqual([
      expect.objectContaining({ amountCents: 6720, kind: 'affiliate_credit', referenceId: payout.id }),
    ]);
    expect((await commissionsOf(t, affiliate.id)).map((c) => c.status)).toEqual(['paid']);
    const view = await summary(t, affiliate.cookie);
    expect(view.balances[0]).toMatchObject({ pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 6720 });
    expect(view.payouts[0]).toMatchObject({ id: payout.id, status: 'credited' });

    const again = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' });
    expect(again.json().error.code).toBe('below_minimum');
  });

  it('takes each commission once when two payouts are asked for at once', async () => {
    const affiliate = await affiliateWith([bigChoice]);
    const results = await Promise.all([
      call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' }),
      call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    const payouts = await t.database.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.userId, affiliate.id));
    expect(payouts).toHaveLength(1);
  });

  it('requests a cash payout that an admin approves: the commission is paid', async () => {
    const affiliate = await affiliateWith([bigChoice]);
    const res = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash', details: 'PayPal: me@example.test' });
    expect(res.statusCode, res.body).toBe(201);
    const payout = res.json();
    expect(payout).toMatchObject({ method: 'cash', status: 'requested', amountCents: 6720, currency: 'usd', details: 'PayPal: me@example.test' });
    expect((await summary(t, affiliate.cookie)).balances[0]).toMatchObject({
      pendingCents: 0,
      payableCents: 0,
      requestedCents: 6720,
      paidCents: 0,
    });

    const staff = await adminCookie();
    const queue = await call(t, 'GET', '/api/admin/affiliate/payouts?status=requested', staff);
    expect(queue.statusCode).toBe(200);
    expect(queue.json()).toContainEqual(
      expect.objectContaining({ id: payout.id, amountCents: 6720, commissions: 1, affiliate: expect.objectContaining({ email: affiliate.email }) }),
    );

    // A decision needs a reason; without one nothing changes.
    for (const body of [{ note: 'Sent via PayPal' }, { reason: ' ab ', note: 'Sent via PayPal' }]) {
      const refused = await call(t, 'POST', `/api/admin/affiliate/payouts/${payout.id}/approve`, staff, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe('validation_failed');
    }
    expect((await commissionsOf(t, affiliate.id)).map((c) => c.status)).toEqual(['requested']);
    expect(await audits(payout.id)).toEqual([]);

    const approved = await call(t, 'POST', `/api/admin/affiliate/payouts/${payout.id}/approve`, staff, {
      reason: 'Sent from the PayPal business account',
      note: 'Sent via PayPal',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', amountCents: 6720, decisionNote: 'Sent via PayPal' });
    expect((await commissionsOf(t, affiliate.id)).map((c) => c.status)).toEqual(['paid']);
    expect((await summary(t, affiliate.cookie)).balances[0]?.paidCents).toBe(6720);
    // No account credit for a cash payout.
    expect(await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, affiliate.id))).toEqual([]);

    expect(await audits(payout.id)).toEqual([
      {
        action: 'payout.approved',
        reason: 'Sent from the PayPal business account',
        actor_id: admin.id,
        target_label: `$67.20 cash payout · ${affiliate.email}`,
        before: { status: 'requested', amountCents: 6720, currency: 'usd' },
        after: { status: 'approved', amountCents: 6720, note: 'Sent via PayPal' },
      },
    ]);

    const twice = await call(t, 'POST', `/api/admin/affiliate/payouts/${payout.id}/reject`, staff, { reason: 'Changed my mind' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('already_decided');
    // The refused decision left no record.
    expect(await audits(payout.id)).toHaveLength(1);
  });

  it('returns a rejected cash request to payable', async () => {
    const affiliate = await affiliateWith([bigChoice]);
    const payout = (await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash' })).json();
    const rejected = await call(t, 'POST', `/api/admin/affiliate/payouts/${payout.id}/reject`, await adminCookie(), {
      reason: 'No address to send it to',
      note: 'Add your PayPal address',
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decisionNote: 'Add your PayPal address' });
    expect(await audits(payout.id)).toMatchObject([
      { action: 'payout.rejected', reason: 'No address to send it to', after: { status: 'rejected', amountCents: 6720, note: 'Add your PayPal address' } },
    ]);
    expect((await summary(t, affiliate.cookie)).balances[0]).toMatchObject({ payableCents: 6720, requestedCents: 0 });
    // It can be asked for again.
    expect((await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' })).statusCode).toBe(201);
  });

  it('drops a refunded payment from a cash request still waiting for staff', async () => {
    const affiliate = await affiliateWith([bigChoice, bigChoice]);
    const payout = (await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash' })).json();
    expect(payout.amountCents).toBe(13440);
    await t.app.refunds.refundOrder(affiliate.orders[0]!.order_id, 'Goodwill refund');
    const [row] = await t.database.db.select().from(affiliatePayouts).where(eq(affiliatePayouts.id, payout.id));
    expect(row?.amountCents).toBe(6720);
    const approved = await call(t, 'POST', `/api/admin/affiliate/payouts/${payout.id}/approve`, await adminCookie(), { reason: 'Sent by bank transfer' });
    expect(approved.json()).toMatchObject({ status: 'approved', amountCents: 6720 });
    expect((await commissionsOf(t, affiliate.id)).map((c) => c.status).sort()).toEqual(['paid', 'reversed']);
  });

  it('keeps the staff endpoints to admins, and payouts to their owner', async () => {
    const affiliate = await affiliateWith([bigChoice]);
    const payout = (await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash' })).json();
    const support = await createSignedInUser(t, { role: 'support' });
    const other = await createSignedInUser(t);
    for (const cookie of [support.cookie, other.cookie, affiliate.cookie]) {
      expect((await call(t, 'GET', '/api/admin/affiliate/payouts', cookie)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/admin/affiliate/payouts/${payout.id}/approve`, cookie, { reason: 'Looks fine' })).statusCode).toBe(403);
    }
    expect((await call(t, 'GET', '/api/admin/affiliate/payouts')).statusCode).toBe(401);
    expect((await summary(t, other.cookie)).payouts).toEqual([]);
    const missing = await call(t, 'POST', `/api/admin/affiliate/payouts/${crypto.randomUUID()}/approve`, await adminCookie(), { reason: 'Looks fine' });
    expect(missing.statusCode).toBe(404);
    const bad = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'bitcoin' });
    expect(bad.statusCode).toBe(400);
  });
});
