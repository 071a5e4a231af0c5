import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { pricedSections } from '../../../shared/price-lists';
import type { AdminCatalog } from '../../../shared/schemas/admin/catalog';
import type { AdminCouponList } from '../../../shared/schemas/admin/coupons';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { checkCode, createCouponAs, uniqueCode } from './coupons.fixtures';
import { buy, commissionsOf, referralCodeOf, signUpThrough } from '../affiliate/affiliate-test-kit';

/** Every priced item in EUR (its USD cents less a tenth), JPY (its USD cents as whole yen) and GBP (less a fifth). */
function priceLists(draft: CatalogDraft): CatalogDraft {
  const copy = structuredClone(draft);
  for (const section of pricedSections) {
    for (const item of copy[section] as { priceCents?: number; monthlyCents?: number; prices?: Record<string, number> }[]) {
      const base = section === 'locations' ? (item.monthlyCents ?? 0) : (item.priceCents ?? 0);
      if (section === 'locations' && base === 0) continue;
      item.prices = { ...item.prices, eur: Math.round(base * 0.9), jpy: base, gbp: Math.round(base * 0.8) };
    }
  }
  return copy;
}

describe.each(dbKinds)("coupons leave the order currency's own minimum charge on %s", (kind) => {
  let t: TestContext;
  let admin: { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    admin = await createSignedInUser(t, { role: 'admin' });
    const send = (method: 'PUT' | 'GET', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie: admin.cookie }, ...(payload && { payload }) });
    const extras = await send('PUT', '/api/admin/settings/extra-currencies', { currencies: ['eur', 'jpy', 'gbp'], reason: 'Selling abroad' });
    expect(extras.statusCode, extras.body).toBe(200);
    const editor = (await send('GET', '/api/admin/catalog')).json() as AdminCatalog;
    const saved = await send('PUT', '/api/admin/catalog', { baseVersion: editor.version, catalog: priceLists(editor.catalog), reason: 'Price lists' });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('a 100% coupon leaves ¥50 in JPY, €0.50 in EUR, £0.30 in GBP and $0.50 in USD', async () => {
    const coupon = await createCouponAs(t, admin.cookie, { code: uniqueCode('ALL'), amount: 100 });
    for (const [currency, floor] of [['jpy', 50], ['eur', 50], ['gbp', 30], ['usd', 50]] as const) {
      const answer = await checkCode(t, null, { ...minecraftChoice, currency, code: coupon.code });
      expect(answer, currency).toMatchObject({ ok: true, totalCents: floor });
    }
  });

  it('a fixed coupon larger than the order leaves the floor, and an order already at the floor gets nothing off', async () => {
    const coupon = await createCouponAs(t, admin.cookie, { code: uniqueCode('BIG'), kind: 'fixed', amount: 100_000 });
    const answer = await checkCode(t, null, { ...minecraftChoice, code: coupon.code });
    expect(answer).toMatchObject({ ok: true, totalCents: 50 });
  });

  it('charges the discounted JPY and EUR orders with the floor left, and the coupon list keeps each currency apart', async () => {
    const coupon = await createCouponAs(t, admin.cookie, { code: uniqueCode('HALF'), amount: 100 });
    const yen = await buyWithLocalCard(t, (await createSignedInUser(t)).cookie, { choice: { ...minecraftChoice, currency: 'jpy', coupon: coupon.code } });
    expect(yen.invoice).toMatchObject({ currency: 'jpy', subtotalCents: 1400 });
    expect(yen.invoice.totalCents).toBe(50);
    const euro = await buyWithLocalCard(t, (await createSignedInUser(t)).cookie, { choice: { ...minecraftChoice, currency: 'eur', coupon: coupon.code } });
    expect(euro.invoice).toMatchObject({ currency: 'eur', subtotalCents: 1260 });
    expect(euro.invoice.totalCents).toBe(50);
    const dollars = await buyWithLocalCard(t, (await createSignedInUser(t)).cookie, { choice: { ...minecraftChoice, coupon: coupon.code } });
    expect(dollars.invoice.totalCents).toBe(50);

    const list = (await t.app.inject({ method: 'GET', url: `/api/admin/coupons?q=${coupon.code}`, headers: { cookie: admin.cookie } })).json() as AdminCouponList;
    expect(list.coupons.find((c) => c.id === coupon.id)?.discountGiven).toEqual([
      { currency: 'eur', cents: 1210 },
      { currency: 'jpy', cents: 1350 },
      { currency: 'usd', cents: 1350 },
    ]);
  });

  // Decision 080: a commission is earned in its payment's currency, never converted or skipped.
  it("books a referrer's commission in each payment's own currency", async () => {
    const referrer = await createSignedInUser(t);
    const customer = await signUpThrough(t, { ref: await referralCodeOf(t, referrer.id) });
    await buy(t, customer.cookie, { ...minecraftChoice, currency: 'jpy' });
    await buy(t, customer.cookie, { ...minecraftChoice, currency: 'eur' });
    await buy(t, customer.cookie, minecraftChoice);
    const booked = (await commissionsOf(t, referrer.id)).map((c) => [c.currency, c.paymentCents, c.amountCents]);
    expect(booked.sort()).toEqual([['eur', 1260, 315], ['jpy', 1400, 350], ['usd', 1400, 350]]);
  });
});
