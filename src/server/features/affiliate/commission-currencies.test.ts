import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../shared/business-rules';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { pricedSections } from '../../../shared/price-lists';
import type { AdminCatalog } from '../../../shared/schemas/admin/catalog';
import type { StaffPayout } from '../../../shared/schemas/affiliate';
import { auditLog, creditLedger } from '../../db/schema';
import { recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, signInStaff, type TestContext } from '../../test/test-app';
import { bigChoice, buy, call, commissionsOf, referralCodeOf, signUpThrough, summary } from './affiliate-test-kit';

const HOUR = 60 * 60 * 1000;

/** Every priced item also in EUR (its USD cents less a tenth) and JPY (its USD cents as whole yen). */
function priceLists(draft: CatalogDraft): CatalogDraft {
  const copy = structuredClone(draft);
  for (const section of pricedSections) {
    for (const item of copy[section] as { priceCents?: number; monthlyCents?: number; prices?: Record<string, number> }[]) {
      const base = section === 'locations' ? (item.monthlyCents ?? 0) : (item.priceCents ?? 0);
      if (section === 'locations' && base === 0) continue;
      item.prices = { ...item.prices, eur: Math.round(base * 0.9), jpy: base };
    }
  }
  return copy;
}

// Decision 080: commissions, balances, minimums and payouts per currency, never converted or added together.
describe.each(dbKinds)('affiliate money per currency on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  let admin: { cookie: string; id: string; email: string; password: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { provisioning: recordingProvisioning() } });
    admin = await createSignedInUser(t, { role: 'admin' });
    const send = (method: 'PUT' | 'GET', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload && { payload }) });
    const extras = await send('PUT', '/api/admin/settings/extra-currencies', { currencies: ['eur', 'jpy'], reason: 'Selling abroad' });
    expect(extras.statusCode, extras.body).toBe(200);
    const editor = (await send('GET', '/api/admin/catalog')).json() as AdminCatalog;
    const saved = await send('PUT', '/api/admin/catalog', { baseVersion: editor.version, catalog: priceLists(editor.catalog), reason: 'Price lists' });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  /** A joined affiliate whose referral paid each choice; the refund window has passed. */
  async function affiliateWith(choices: object[]) {
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    for (const choice of choices) await buy(t, customer.cookie, choice);
    clock.advance(48 * HOUR + 1000);
    const cookie = await signIn(t, referrer);
    expect((await call(t, 'POST', '/api/affiliate/join', cookie)).statusCode).toBe(201);
    return { ...referrer, cookie };
  }

  // A fresh staff session each time: the clock moves past the refund window between tests.
  const putRules = async (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings/business-rules', headers: { cookie: await signInStaff(t, admin) }, payload });

  it('earns on yen and euro payments in their currency, and the dashboard keeps each balance apart, the shop first', async () => {
    const affiliate = await affiliateWith([{ ...bigChoice, currency: 'jpy' }, { ...bigChoice, currency: 'eur' }]);
    const booked = await commissionsOf(t, affiliate.id);
    const yen = booked.find((c) => c.currency === 'jpy')!;
    const euro = booked.find((c) => c.currency === 'eur')!;
    // ¥26,880 is a zero-decimal amount: 25% is ¥6,720, not ¥67.20.
    expect([yen.paymentCents, yen.amountCents]).toEqual([26880, 6720]);
    expect(euro.amountCents).toBe(Math.floor((euro.paymentCents * 25) / 100));

    const view = await summary(t, affiliate.cookie);
    expect(view.balances).toEqual([
      { currency: 'usd', pendingCents: 0, payableCents: 0, requestedCents: 0, paidCents: 0, minimumPayoutCents: 5000 },
      { currency: 'eur', pendingCents: 0, payableCents: euro.amountCents, requestedCents: 0, paidCents: 0, minimumPayoutCents: 50 },
      { currency: 'jpy', pendingCents: 0, payableCents: 6720, requestedCents: 0, paidCents: 0, minimumPayoutCents: 50 },
    ]);
    expect(view.stats.earnings).toEqual([
      { currency: 'usd', cents: 0, change: 0 },
      { currency: 'eur', cents: euro.amountCents, change: 100 },
      { currency: 'jpy', cents: 6720, change: 100 },
    ]);
    expect(view.recentReferrals.map((r) => [r.currency, r.amount]).sort()).toEqual([['eur', euro.amountCents], ['jpy', 6720]]);
  });

  it('pays yen out as yen credit only, and tells the affiliate in yen', async () => {
    const affiliate = await affiliateWith([{ ...bigChoice, currency: 'jpy' }, bigChoice]);
    const res = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit', currency: 'JPY' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ method: 'credit', status: 'credited', amountCents: 6720, currency: 'jpy' });
    const ledger = await t.database.db.select().from(creditLedger).where(eq(creditLedger.userId, affiliate.id));
    expect(ledger.map((l) => [l.currency, l.amountCents, l.kind])).toEqual([['jpy', 6720, 'affiliate_credit']]);
    const view = await summary(t, affiliate.cookie);
    expect(view.balances.map((b) => [b.currency, b.payableCents, b.paidCents])).toEqual([['usd', 6720, 0], ['jpy', 0, 6720]]);
    expect(view.payouts[0]).toMatchObject({ currency: 'jpy', amountCents: 6720 });
    const lines = await t.database.query<{ message: string }>("select message from activity_log where user_id = $1 and kind = 'affiliate'", [affiliate.id]);
    expect(lines.map((l) => l.message)).toContain('Affiliate commission of ¥6,720 added to your account credit');

    // No currency named: the shop's, with its own minimum.
    const dollars = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit' });
    expect(dollars.statusCode, dollars.body).toBe(201);
    expect(dollars.json()).toMatchObject({ amountCents: 6720, currency: 'usd' });
  });

  it("holds an extra currency's payout to the minimum staff set for it, else to its smallest card payment", async () => {
    const affiliate = await affiliateWith([{ ...bigChoice, currency: 'eur' }]);
    const [euro] = await commissionsOf(t, affiliate.id);
    const rules = { ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: { eur: 500_00 } } };
    expect((await putRules({ ...rules, reason: 'Bank fees on euro transfers' })).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.business_rules_updated'), eq(auditLog.reason, 'Bank fees on euro transfers')));
    expect(audit[0]?.after).toMatchObject({ affiliate: { minimumPayoutByCurrency: { eur: 50000 } } });

    const refused = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash', currency: 'eur' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'below_minimum' });
    expect(refused.json().error.message).toContain('€500.00');
    expect((await summary(t, affiliate.cookie)).balances[1]).toMatchObject({ currency: 'eur', minimumPayoutCents: 50000 });

    expect((await putRules({ ...defaultBusinessRules, reason: 'Back to the card minimum' })).statusCode).toBe(200);
    const cash = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash', currency: 'eur', details: 'IBAN DE00' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json()).toMatchObject({ status: 'requested', amountCents: euro!.amountCents, currency: 'eur' });

    // A minimum of 0 never pays out nothing: the euro commission is taken, so nothing is payable.
    const none = { ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: { eur: 0 } } };
    expect((await putRules({ ...none, reason: 'Any amount may go' })).statusCode).toBe(200);
    for (const method of ['credit', 'cash'] as const) {
      const empty = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method, currency: 'eur', details: 'IBAN DE00' });
      expect(empty.statusCode, empty.body).toBe(400);
      expect(empty.json().error).toMatchObject({ code: 'below_minimum', message: 'You have no payable commission in EUR to pay out.' });
    }
    expect((await putRules({ ...defaultBusinessRules, reason: 'Back to the card minimum' })).statusCode).toBe(200);
  });

  it('refuses an unknown currency and one the shop does not sell, naming the field', async () => {
    const affiliate = await affiliateWith([bigChoice]);
    const unknown = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit', currency: 'xyz' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.currency).toMatch(/ISO code/);
    const unsold = await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'credit', currency: 'chf' });
    expect(unsold.statusCode).toBe(400);
    expect(unsold.json().error.fields.currency).toBe('Choose a currency the shop sells in: USD, EUR, JPY');
    expect((await commissionsOf(t, affiliate.id)).map((c) => c.payoutId)).toEqual([null]);

    for (const [code, message] of [
      ['chf', 'The shop does not sell in CHF: add it under Currencies first'],
      ['usd', "USD is the shop's currency: set its minimum as the minimum payout"],
    ] as const) {
      const rules = { ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: { [code]: 100 } } };
      const res = await putRules({ ...rules, reason: 'Try a minimum' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields[`affiliate.minimumPayoutByCurrency.${code}`]).toBe(message);
    }
    const badKey = { ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: { Euro: 100 } } };
    expect((await putRules({ ...badKey, reason: 'Try a minimum' })).statusCode).toBe(400);
    const negative = { ...defaultBusinessRules, affiliate: { ...defaultBusinessRules.affiliate, minimumPayoutByCurrency: { eur: -1 } } };
    expect((await putRules({ ...negative, reason: 'Try a minimum' })).statusCode).toBe(400);
  });

  it('lists cash requests for staff each in its currency, and audits a decision in it', async () => {
    const affiliate = await affiliateWith([{ ...bigChoice, currency: 'jpy' }, bigChoice]);
    const yen = (await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash', currency: 'jpy' })).json();
    const dollars = (await call(t, 'POST', '/api/affiliate/payouts', affiliate.cookie, { method: 'cash', currency: 'usd' })).json();
    const staff = await signInStaff(t, admin);
    const queue = (await call(t, 'GET', '/api/admin/affiliate/payouts?status=requested', staff)).json() as StaffPayout[];
    const mine = queue.filter((p) => p.affiliate.id === affiliate.id).map((p) => [p.currency, p.amountCents]);
    expect(mine.sort()).toEqual([['jpy', 6720], ['usd', 6720]]);

    const approved = await call(t, 'POST', `/api/admin/affiliate/payouts/${yen.id}/approve`, staff, { reason: 'Sent by bank transfer' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [record] = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, yen.id));
    expect(record?.targetLabel).toBe(`¥6,720 cash payout · ${affiliate.email}`);
    expect((await summary(t, affiliate.cookie)).balances.map((b) => [b.currency, b.requestedCents, b.paidCents])).toEqual([
      ['usd', 6720, 0],
      ['jpy', 0, 6720],
    ]);
    expect(dollars.currency).toBe('usd');
  });
});
