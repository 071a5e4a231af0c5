import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions } from '../../db/schema';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, signInStaff, testBillingDetails, type TestContext, type TestUser } from '../../test/test-app';
import { bigChoice, buy, call, commissionsOf, referralCodeOf, signUpThrough, summary } from './affiliate-test-kit';
import { addressHash } from './self-referral';

const HOUR = 60 * 60 * 1000;
const address = { ...testBillingDetails, address: '12 Canal Street, Flat 3' };

describe('addressHash', () => {
  it('ignores case, accents, punctuation and spacing, and needs a street address', () => {
    const a = addressHash({ address: '12 Canal Street, Flat 3', postalCode: '94103', country: 'US' });
    expect(addressHash({ address: '  12 canal street flat 3 ', postalCode: '94 103', country: 'us' })).toBe(a);
    expect(addressHash({ address: '12 Cânal Street — Flat 3', postalCode: '94103', country: 'US' })).toBe(a);
    expect(addressHash({ address: '14 Canal Street, Flat 3', postalCode: '94103', country: 'US' })).not.toBe(a);
    expect(addressHash({ address: '12 Canal Street, Flat 3', postalCode: '94104', country: 'US' })).not.toBe(a);
    expect(addressHash({ address: ' , ', postalCode: '94103', country: 'US' })).toBeNull();
  });
});

describe.each(dbKinds)('self-referral holds on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { provisioning: recordingProvisioning() } });
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const staff = () => signInStaff(t, admin);
  const audits = (targetId: string) =>
    t.database.query<{ action: string; reason: string | null; actor_id: string; before: Record<string, unknown>; after: Record<string, unknown> }>(
      'select action, reason, actor_id, before, after from audit_log where target_id = $1 order by seq',
      [targetId],
    );

  /** A joined referrer and a customer who signed up through their link. */
  async function pair() {
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    expect((await call(t, 'POST', '/api/affiliate/join', referrer.cookie)).statusCode).toBe(201);
    return { referrer, customer };
  }

  async function giveBillingDetails(cookie: string, details: object) {
    const res = await t.app.inject({ method: 'PUT', url: '/api/account/billing-details', payload: details, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('holds the commission when the referrer paid with the same card, and staff release it with a reason', async () => {
    const { referrer, customer } = await pair();
    await buyWithLocalCard(t, referrer.cookie);
    await buy(t, customer.cookie, bigChoice);
    const [held] = await commissionsOf(t, referrer.id);
    expect(held).toMatchObject({ status: 'held', amountCents: 6720, holdReason: 'Both accounts saved the same card (Visa ending 4242, 12/2034).' });

    // Held money is not payable, even after the refund window.
    clock.advance(48 * HOUR + 1000);
    referrer.cookie = await signIn(t, referrer);
    const view = await summary(t, referrer.cookie);
    expect(view.balances[0]).toMatchObject({ pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 0 });
    expect(view.recentReferrals[0]).toMatchObject({ status: 'held', amount: 6720 });
    expect((await call(t, 'POST', '/api/affiliate/payouts', referrer.cookie, { method: 'credit' })).json().error.code).toBe('below_minimum');

    const cookie = await staff();
    const queue = await call(t, 'GET', '/api/admin/affiliate/commissions/held', cookie);
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json()).toContainEqual(
      expect.objectContaining({
        id: held!.id,
        amountCents: 6720,
        holdReason: held!.holdReason,
        referrer: expect.objectContaining({ email: referrer.email }),
        customer: expect.objectContaining({ email: customer.email }),
      }),
    );

    // A reason is required; without one nothing changes.
    for (const body of [{}, { reason: 'ok' }]) {
      const refused = await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/release`, cookie, body);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    expect((await commissionsOf(t, referrer.id))[0]!.status).toBe('held');
    expect(await audits(held!.id)).toEqual([]);

    const released = await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/release`, cookie, { reason: 'Spouses sharing one card, checked by phone' });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ id: held!.id, status: 'payable', amountCents: 6720 });
    expect(await audits(held!.id)).toEqual([
      {
        action: 'commission.released',
        reason: 'Spouses sharing one card, checked by phone',
        actor_id: admin.id,
        before: { status: 'held', holdReason: held!.holdReason, amountCents: 6720 },
        after: { status: 'pending' },
      },
    ]);
    const again = await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/void`, cookie, { reason: 'Second thoughts' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('not_held');
    expect(await audits(held!.id)).toHaveLength(1);

    // Released, it pays out, and the pair's next commission for the same reason is not held again.
    expect((await call(t, 'POST', '/api/affiliate/payouts', referrer.cookie, { method: 'credit' })).statusCode).toBe(201);
    await buy(t, await signIn(t, customer));
    expect((await commissionsOf(t, referrer.id)).map((c) => c.status).sort()).toEqual(['paid', 'pending']);
  });

  it('holds a commission when both accounts give the same billing address, and staff void it', async () => {
    const { referrer, customer } = await pair();
    await giveBillingDetails(referrer.cookie, address);
    await giveBillingDetails(customer.cookie, { ...address, address: '12 CANAL STREET  flat 3' });
    await buy(t, customer.cookie, bigChoice);
    const [held] = await commissionsOf(t, referrer.id);
    expect(held).toMatchObject({ status: 'held', holdReason: 'Both accounts give the same billing address.' });

    const voided = await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/void`, await staff(), { reason: 'Same person, two accounts' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ status: 'reversed' });
    const [row] = await t.database.db.select().from(commissions).where(eq(commissions.id, held!.id));
    expect(row).toMatchObject({ status: 'reversed', reviewedByUserId: admin.id });
    expect((await audits(held!.id)).map((a) => [a.action, a.reason])).toEqual([['commission.voided', 'Same person, two accounts']]);
    clock.advance(48 * HOUR + 1000);
    expect((await summary(t, await signIn(t, referrer))).balances[0]?.payableCents).toBe(0);
  });

  it('holds what is not paid out yet when the accounts become linked after the payment', async () => {
    const { referrer, customer } = await pair();
    await giveBillingDetails(customer.cookie, { ...address, vatId: '' });
    await buy(t, customer.cookie, bigChoice);
    expect((await commissionsOf(t, referrer.id))[0]).toMatchObject({ status: 'pending', holdReason: null });
    clock.advance(48 * HOUR + 1000);
    referrer.cookie = await signIn(t, referrer);
    await giveBillingDetails(referrer.cookie, address);
    const res = await call(t, 'POST', '/api/affiliate/payouts', referrer.cookie, { method: 'cash' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('below_minimum');
    expect((await commissionsOf(t, referrer.id))[0]).toMatchObject({ status: 'held', holdReason: 'Both accounts give the same billing address.' });
  });

  it('holds nothing when the accounts share nothing', async () => {
    const { referrer, customer } = await pair();
    await giveBillingDetails(referrer.cookie, { ...address, address: '1 Harbour Road' });
    await giveBillingDetails(customer.cookie, address);
    await buyWithLocalCard(t, referrer.cookie, { card: { number: '5555 5555 5555 4444' } });
    await buy(t, customer.cookie);
    expect((await commissionsOf(t, referrer.id)).map((c) => c.status)).toEqual(['pending']);
  });

  it('keeps the review to billing and admin staff', async () => {
    const { referrer, customer } = await pair();
    await buyWithLocalCard(t, referrer.cookie);
    await buy(t, customer.cookie);
    const [held] = await commissionsOf(t, referrer.id);
    expect(held!.status).toBe('held');
    const support = await createSignedInUser(t, { role: 'support' });
    for (const cookie of [support.cookie, referrer.cookie, customer.cookie]) {
      expect((await call(t, 'GET', '/api/admin/affiliate/commissions/held', cookie)).statusCode).toBe(403);
      expect((await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/release`, cookie, { reason: 'Looks fine to me' })).statusCode).toBe(403);
    }
    expect((await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/void`, undefined, { reason: 'Looks fine to me' })).statusCode).toBe(401);
    const billing = await createSignedInUser(t, { role: 'billing' });
    const missing = await call(t, 'POST', `/api/admin/affiliate/commissions/${crypto.randomUUID()}/release`, billing.cookie, { reason: 'Looks fine to me' });
    expect(missing.statusCode).toBe(404);
    expect((await commissionsOf(t, referrer.id))[0]!.status).toBe('held');
    const voided = await call(t, 'POST', `/api/admin/affiliate/commissions/${held!.id}/void`, billing.cookie, { reason: 'Same card, same person' });
    expect(voided.statusCode, voided.body).toBe(200);
  });
});
