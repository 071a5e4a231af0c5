import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { pricedSections } from '../../../shared/price-lists';
import type { AdminCatalog } from '../../../shared/schemas/admin/catalog';
import { auditLog, orders, users } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { addLedgerEntry } from '../../lib/credit-ledger';

/** Every priced item's EUR price: its USD price less a tenth, so the two can never be confused. */
function priceInEuros(draft: CatalogDraft): CatalogDraft {
  const copy = structuredClone(draft);
  for (const section of pricedSections) {
    for (const item of copy[section] as { priceCents?: number; monthlyCents?: number; prices?: Record<string, number> }[]) {
      const base = section === 'locations' ? (item.monthlyCents ?? 0) : (item.priceCents ?? 0);
      if (section === 'locations' && base === 0) continue;
      item.prices = { ...item.prices, eur: Math.round(base * 0.9) };
    }
  }
  return copy;
}

describe.each(dbKinds)('extra currencies with their own price lists on %s', (kind) => {
  let t: TestContext;
  let admin: { id: string; cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const send = (method: 'PUT' | 'POST' | 'GET', url: string, payload?: object, headers: Record<string, string> = { cookie: admin.cookie }) =>
    t.app.inject({ method, url, headers, ...(payload && { payload }) });
  const editor = async (): Promise<AdminCatalog> => (await send('GET', '/api/admin/catalog')).json();

  it('enables EUR in Settings (audited, with a reason) but offers it only once every item on sale has a EUR price', async () => {
    for (const [payload, status] of [
      [{ currencies: ['xyz'], reason: 'Selling in Europe' }, 400],
      [{ currencies: ['eur', 'EUR'], reason: 'Selling in Europe' }, 400],
      [{ currencies: ['usd'], reason: 'Selling in Europe' }, 400],
      [{ currencies: ['eur'], reason: '' }, 400],
      [{ currencies: 'eur', reason: 'Selling in Europe' }, 400],
    ] as const) {
      const res = await send('PUT', '/api/admin/settings/extra-currencies', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().error.message).toBeTruthy();
    }
    const customer = await createSignedInUser(t);
    expect((await send('PUT', '/api/admin/settings/extra-currencies', { currencies: ['eur'], reason: 'Europe' }, { cookie: customer.cookie })).statusCode).toBe(403);

    const res = await send('PUT', '/api/admin/settings/extra-currencies', { currencies: ['eur'], reason: 'Selling in Europe' });
    expect(res.statusCode, res.body).toBe(200);
    const eur = res.json().extras[0];
    expect(eur).toMatchObject({ currency: 'eur', offered: false });
    expect(eur.missing).toBeGreaterThan(0);
    const [record] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.extra_currencies_changed'));
    expect(record).toMatchObject({ actorId: admin.id, before: { currencies: 'none' }, after: { currencies: 'EUR' }, reason: 'Selling in Europe' });

    // Not offered yet: customers see the shop's currency only, and cannot ask for EUR.
    expect((await send('GET', '/api/catalog', undefined, {})).json().currencies).toEqual(['usd']);
    expect((await send('GET', '/api/catalog?currency=eur', undefined, {})).statusCode).toBe(400);
  });

  it('refuses a price list with a bad price or in a currency that is not enabled, naming the field', async () => {
    const current = await editor();
    expect(current.currencies).toEqual({ shop: 'usd', extras: ['eur'] });
    const withGbp = priceInEuros(current.catalog);
    withGbp.plans[0]!.prices = { ...withGbp.plans[0]!.prices, gbp: 1200 };
    const refused = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog: withGbp, reason: 'Prices in pounds' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toContain(`plans.${withGbp.plans[0]!.id}.prices.gbp`);

    for (const bad of [-1, 1.5, 'twelve']) {
      const catalog = priceInEuros(current.catalog);
      (catalog.plans[0]!.prices as Record<string, unknown>).eur = bad;
      const res = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog, reason: 'Euro prices' });
      expect(res.statusCode, String(bad)).toBe(400);
    }
  });

  it('offers EUR once priced: the catalog in euros, chosen by query, cookie, account, country or language', async () => {
    const current = await editor();
    const saved = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog: priceInEuros(current.catalog), reason: 'Euro prices' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().changes.some((c: { what: string; after: string }) => c.what === 'prices' && c.after.includes('€'))).toBe(true);
    expect((await send('GET', '/api/admin/settings/currency')).json().extras[0]).toEqual({ currency: 'eur', offered: true, missing: 0 });

    const usd = (await send('GET', '/api/catalog', undefined, {})).json();
    expect(usd).toMatchObject({ currency: 'usd', currencies: ['usd', 'eur'] });
    const eur = await send('GET', '/api/catalog?currency=EUR', undefined, {});
    expect(eur.statusCode).toBe(200);
    const plan = eur.json().plans.find((p: { id: string }) => p.id === 'minecraft-4gb');
    expect(eur.json().currency).toBe('eur');
    expect(plan.priceCents).toBe(Math.round(usd.plans.find((p: { id: string }) => p.id === 'minecraft-4gb').priceCents * 0.9));
    expect(plan.prices).toBeUndefined();
    expect(eur.headers.vary).toContain('Cookie');
    expect((await send('GET', '/api/catalog?currency=gbp', undefined, {})).statusCode).toBe(400);

    const currencyOf = async (headers: Record<string, string>) => (await send('GET', '/api/catalog', undefined, headers)).json().currency;
    expect(await currencyOf({ cookie: 'sp_currency=eur' })).toBe('eur');
    expect(await currencyOf({ cookie: 'sp_currency=gbp' })).toBe('usd');
    expect(await currencyOf({ 'cf-ipcountry': 'DE' })).toBe('eur');
    expect(await currencyOf({ 'x-country-code': 'us' })).toBe('usd');
    expect(await currencyOf({ 'accept-language': 'fr-FR,fr;q=0.9' })).toBe('eur');
    expect(await currencyOf({ 'accept-language': 'en-US,en;q=0.9' })).toBe('usd');
    expect(await currencyOf({ 'accept-language': 'de-DE', cookie: 'sp_currency=usd' })).toBe('usd');

    // The picker: remembered in a cookie, and as the account's preference when signed in.
    const customer = await createSignedInUser(t);
    expect((await send('PUT', '/api/currency', { currency: 'gbp' }, { cookie: customer.cookie })).statusCode).toBe(400);
    expect((await send('PUT', '/api/currency', { currency: 'euro' }, { cookie: customer.cookie })).statusCode).toBe(400);
    const chosen = await send('PUT', '/api/currency', { currency: 'EUR' }, { cookie: customer.cookie });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(String(chosen.headers['set-cookie'])).toContain('sp_currency=eur');
    const [row] = await t.database.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, customer.id));
    expect((row!.preferences as Record<string, unknown>).currency).toBe('eur');
    expect(await currencyOf({ cookie: customer.cookie })).toBe('eur');
    // Saving the account's language keeps the currency chosen beside it.
    expect((await send('PUT', '/api/account/preferences', { language: 'de' }, { cookie: customer.cookie })).statusCode).toBe(200);
    expect(await currencyOf({ cookie: customer.cookie })).toBe('eur');
  });

  it('quotes and charges in EUR from the EUR price list: the order, invoice and service carry EUR', async () => {
    const eurCatalog = (await send('GET', '/api/catalog?currency=eur', undefined, {})).json();
    const eurPlan = eurCatalog.plans.find((p: { id: string }) => p.id === minecraftChoice.plan).priceCents as number;
    const quote = await send('POST', '/api/quote', { ...minecraftChoice, currency: 'eur' }, {});
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().monthlyCents).toBe(eurPlan);

    const customer = await createSignedInUser(t);
    const refused = await send('POST', '/api/checkout', { ...minecraftChoice, currency: 'gbp' }, { cookie: customer.cookie });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields.currency).toMatch(/GBP/);

    const bought = await buyWithLocalCard(t, customer.cookie, { choice: { ...minecraftChoice, currency: 'eur' } });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, bought.order_id));
    expect(order).toMatchObject({ currency: 'eur', subtotalCents: eurPlan });
    expect(bought.invoice.currency).toBe('eur');
    expect(bought.server!.currency).toBe('eur');
    // The success and purchase-confirmed pages read the order's own currency, not the catalog's.
    const state = (await send('GET', `/api/orders/${bought.order_id}`, undefined, { cookie: customer.cookie })).json();
    expect(state).toMatchObject({ order: { currency: 'eur' }, purchase: { currency: 'eur', amountCents: order!.grossCents } });
    const latest = (await send('GET', '/api/purchases/latest', undefined, { cookie: customer.cookie })).json();
    expect(latest.purchase).toMatchObject({ orderId: bought.order_id, currency: 'eur' });
    // Billing: the bill to come and the history line are in euros; the dollar total of the month leaves them out.
    const billing = (await send('GET', '/api/billing', undefined, { cookie: customer.cookie })).json();
    expect(billing).toMatchObject({ currency: 'usd', stats: { thisMonth: 0, nextPayment: { currency: 'eur' } }, upcoming: [{ currency: 'eur' }] });
    // Credit in euros shows beside the dollar balance, never added to it.
    await addLedgerEntry(t.database.db, { currency: 'eur', userId: customer.id, amountCents: 650, kind: 'staff_adjustment', reason: 'Goodwill', referenceId: null });
    const withCredit = (await send('GET', '/api/billing', undefined, { cookie: customer.cookie })).json();
    expect(withCredit.stats).toMatchObject({ currentBalance: 0, balances: [{ currency: 'eur', cents: 650 }] });
    const history = (await send('GET', '/api/invoices', undefined, { cookie: customer.cookie })).json();
    expect(history.find((e: { kind: string }) => e.kind === 'charge')).toMatchObject({ currency: 'eur', amountCents: order!.grossCents });
    expect(history.find((e: { kind: string }) => e.kind === 'renewal')).toMatchObject({ currency: 'eur' });

    // Staff see the sale in euros, beside the dollars and never added to them.
    const home = (await send('GET', '/api/admin/home')).json();
    expect(home.currencies.map((c: { currency: string }) => c.currency)).toEqual(['usd', 'eur']);
    expect(home.currencies[1].revenue.todayCents).toBe(order!.grossCents);
    expect(home.revenue.todayCents).toBe(0);
    const list = (await send('GET', '/api/admin/orders?status=paid')).json();
    expect(list.items.find((o: { id: string }) => o.id === bought.order_id)).toMatchObject({ currency: 'eur', totalCents: order!.grossCents });
    const csv = (await send('GET', '/api/admin/orders/export.csv')).body.split('\r\n');
    expect(csv[0]).toContain(',Currency,Total,Refunded,');
    expect(csv.find((line) => line.startsWith(bought.order_id))).toContain(`,EUR,${(order!.grossCents / 100).toFixed(2)},0.00,`);
  });

  it("prices a EUR service's plan change and region moves from the EUR list, and says so: the quote carries its currency", async () => {
    const eurCatalog = (await send('GET', '/api/catalog?currency=eur', undefined, {})).json();
    const eurPrice = (id: string) => eurCatalog.plans.find((p: { id: string }) => p.id === id).priceCents as number;
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { choice: { ...minecraftChoice, plan: 'minecraft-2gb', currency: 'eur' } });
    const serverId = bought.server!.id;
    await provisionUntilOnline({ db: t.database.db, clock: { now: () => new Date() }, panel: t.app.panel, events: t.app.events }, serverId);

    const options = await send('GET', `/api/servers/${serverId}/plan-change`, undefined, { cookie: customer.cookie });
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json().currency).toBe('eur');
    expect(options.json().plans.find((p: { id: string }) => p.id === 'minecraft-4gb').monthlyCents).toBe(eurPrice('minecraft-4gb'));

    const quote = await send('POST', `/api/servers/${serverId}/plan-change/quote`, { plan: 'minecraft-4gb', addons: {} }, { cookie: customer.cookie });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ kind: 'upgrade', currency: 'eur', renewalCents: eurPrice('minecraft-4gb') });

    const moves = await send('GET', `/api/servers/${serverId}/move`, undefined, { cookie: customer.cookie });
    expect(moves.statusCode, moves.body).toBe(200);
    expect(moves.json().currency).toBe('eur');
  });

  it("saves a plan or pack priced under a currency's minimum charge, but warns naming the minimum, in the preview and the save", async () => {
    const current = await editor();
    const catalog = structuredClone(current.catalog);
    const plan = catalog.plans.find((p) => p.id === 'minecraft-4gb')!;
    plan.priceCents = 30;
    plan.prices = { ...plan.prices, eur: 45 };
    // An add-on is charged with its plan, never alone: a small price is not asked about.
    catalog.addons[0]!.prices = { ...catalog.addons[0]!.prices, eur: 10 };
    const payload = { baseVersion: current.version, catalog, reason: 'Tiny prices' };
    const expected = [
      { field: 'plans.minecraft-4gb.priceCents', label: 'Minecraft 4GB', message: expect.stringContaining('Minecraft 4GB at $0.30: Below the smallest card payment in USD ($0.50)') },
      { field: 'plans.minecraft-4gb.prices.eur', label: 'Minecraft 4GB', message: expect.stringContaining('Minecraft 4GB at €0.45: Below the smallest card payment in EUR (€0.50)') },
    ];
    const preview = await send('POST', '/api/admin/catalog/preview', payload);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().warnings).toEqual(expected);
    const saved = await send('PUT', '/api/admin/catalog', payload);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().warnings).toEqual(expected);
    // At the minimum itself, nothing to say.
    const again = await editor();
    const fixed = structuredClone(again.catalog);
    const same = fixed.plans.find((p) => p.id === 'minecraft-4gb')!;
    same.priceCents = 50;
    same.prices = { ...same.prices, eur: 50 };
    const ok = await send('PUT', '/api/admin/catalog', { baseVersion: again.version, catalog: fixed, reason: 'At the minimum' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().warnings).toEqual([]);
  });
});
