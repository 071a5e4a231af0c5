import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDraft } from '../../../shared/catalog-draft';
import { catalogVersions, invoices, orders, renewals, servers, servicePriceChanges } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, readMailbox, signIn, type TestContext, type TestUser } from '../../test/test-app';
import { saveCatalog } from '../admin/catalog/catalog.service';
import type { StaffActor } from '../../lib/audit';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { runRenewals, type RenewalDeps } from '../billing/renewals.service';
import { minecraftChoice, payLocal, recordingBus, recordingProvisioning, startCheckout } from '../checkout/checkout.fixtures';
import { createCouponAs, uniqueCode } from '../coupons/coupons.fixtures';
import { latestVersion } from './catalog.repository';
import { announcePriceChanges, priceChangeNotices, type PriceChangeDeps } from './price-changes.service';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(dbKinds)('catalog versions and price changes for existing services on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));
  let deps: PriceChangeDeps & RenewalDeps;
  let actor: StaffActor;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    deps = {
      db: t.database.db,
      clock,
      ids: randomIds,
      payments: t.app.payments,
      panel: t.app.panel,
      events: recordingBus(),
      mailer: t.app.mailer,
      brand: t.config.BRAND_NAME,
      publicUrl: t.config.PUBLIC_URL,
      log: quiet,
    };
    const admin = await createUser(t, { role: 'admin' });
    actor = { id: admin.id, email: admin.email, role: 'admin', ip: null };
  });
  afterAll(async () => t?.close());

  /** Saves the current catalog with one change, as an admin would from the editor. */
  async function changeCatalog(reason: string, change: (d: CatalogDraft) => void) {
    const latest = (await latestVersion(t.database.db))!;
    const catalog = structuredClone(latest.catalog);
    change(catalog);
    return saveCatalog(deps, actor, { baseVersion: latest.version, catalog, reason });
  }
  const setPrice = (planId: string, cents: number) => (d: CatalogDraft) => void (d.plans.find((p) => p.id === planId)!.priceCents = cents);

  const serverOf = async (orderId: string) => (await t.database.db.select().from(servers).where(eq(servers.orderId, orderId)))[0]!;
  const renewalsOf = async (serverId: string) =>
    (await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId))).sort((a, b) => a.periodStart.getTime() - b.periodStart.getTime());
  const invoiceOf = async (id: string | null) => (await t.database.db.select().from(invoices).where(eq(invoices.id, id!)))[0]!;
  const changesOf = (serverId: string) => t.database.db.select().from(servicePriceChanges).where(eq(servicePriceChanges.serverId, serverId));

  let ada: TestUser & { cookie: string };
  let adaServerId: string;

  it('an order keeps the version and price it was placed with, and renewals keep charging it', async () => {
    clock.set(new Date('2030-01-31T10:00:00Z'));
    ada = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, ada.cookie);
    adaServerId = bought.server!.id;
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, bought.order_id));
    expect(order).toMatchObject({ catalogVersion: 1, totalCents: 1400 });
    expect(bought.server).toMatchObject({ catalogVersion: 1, diskGb: 40, renewsAt: new Date('2030-02-28T10:00:00Z') });

    // Bob opens a checkout under version 1 and pays only after version 2 is out.
    clock.set(new Date('2030-02-10T08:30:00Z'));
    const bob = await createSignedInUser(t);
    const pending = await startCheckout(t, bob.cookie, { ...minecraftChoice, serverName: 'Late Payer' });

    clock.set(new Date('2030-02-10T09:00:00Z'));
    const saved = await changeCatalog('New hardware for 4GB', (d) => {
      setPrice('minecraft-4gb', 1600)(d);
      d.plans.find((p) => p.id === 'minecraft-4gb')!.diskGb = 60;
    });
    expect(saved).toMatchObject({ version: 2, increases: 1, decreases: 0 });

    // New visitors are quoted the new price...
    const quote = await t.app.inject({ method: 'POST', url: '/api/quote', payload: { ...minecraftChoice, addons: {} } });
    expect(quote.json().totalCents).toBe(1600);
    // ...while Bob's order is fulfilled as priced and sized under version 1.
    expect((await payLocal(t, pending.session_id)).statusCode).toBe(200);
    const late = await serverOf(pending.order_id);
    expect(late).toMatchObject({ catalogVersion: 1, diskGb: 40 });
    const [lateOrder] = await t.database.db.select().from(orders).where(eq(orders.id, pending.order_id));
    expect(lateOrder).toMatchObject({ catalogVersion: 1, totalCents: 1400, status: 'paid' });
    // Bob's service is reviewed on the next pass, and told with the same 30 days.
    expect(await announcePriceChanges(deps)).toMatchObject({ increases: 1 });
    expect(await changesOf(late.id)).toMatchObject([{ oldCents: 1400, newCents: 1600, appliesFrom: new Date('2030-04-10T09:00:00Z') }]);

    // The billing overview's next payment is the renewal inside the 30 days, still at the order's price.
    const before = (await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: await signIn(t, ada) } })).json();
    expect(before.stats.nextPayment).toEqual({ amountCents: 1400, currency: 'usd', dueDate: '2030-02-28T10:00:00.000Z', service: 'Creeper Valley' });

    // A renewal inside the 30 days still charges the order's price.
    clock.set(new Date('2030-02-28T10:00:00Z'));
    await runRenewals(deps);
    const [first] = await renewalsOf(adaServerId);
    expect(first).toMatchObject({ amountCents: 1400, priceChangeId: null, status: 'paid' });
    expect((await invoiceOf(first!.invoiceId)).lines).toEqual(order!.lines);
  });

  it('tells the customer by email and on the dashboard: old price, new price and the date', async () => {
    const [change] = await changesOf(adaServerId);
    expect(change).toMatchObject({
      kind: 'increase',
      oldCents: 1400,
      newCents: 1600,
      catalogVersion: 2,
      status: 'scheduled',
      noticeAt: new Date('2030-02-10T09:00:00Z'),
      // 30 days after 10 February is 12 March: the 28 February renewal is too soon, 31 March is the first after.
      appliesFrom: new Date('2030-03-31T10:00:00Z'),
    });
    expect(change!.emailedAt).not.toBeNull();
    const mail = (await readMailbox(t, ada.email)).find((m) => m.subject.startsWith('Price change for'));
    expect(mail?.subject).toBe('Price change for Creeper Valley from March 31, 2030');
    expect(mail?.text).toContain('Creeper Valley (Minecraft 4GB) will cost $16.00 a month, up from $14.00, starting with the renewal on March 31, 2030.');

    const cookie = await signIn(t, ada);
    const res = await t.app.inject({ method: 'GET', url: '/api/price-changes', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ serverName: 'Creeper Valley', kind: 'increase', oldCents: 1400, newCents: 1600, appliesFrom: '2030-03-31T10:00:00.000Z', months: 1 }),
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/price-changes' })).statusCode).toBe(401);

    // The next renewal is the announced one: the billing overview and history show what it will charge.
    const billing = (await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie } })).json();
    expect(billing.stats.nextPayment).toEqual({ amountCents: 1600, currency: 'usd', dueDate: '2030-03-31T10:00:00.000Z', service: 'Creeper Valley' });
    expect(billing.upcoming).toEqual([expect.objectContaining({ serverId: adaServerId, amountCents: 1600, dueDate: '2030-03-31T10:00:00.000Z' })]);
    const history = (await t.app.inject({ method: 'GET', url: '/api/invoices', headers: { cookie } })).json() as { id: string }[];
    expect(history.find((e) => e.id === `renewal-${adaServerId}`)).toMatchObject({ kind: 'renewal', amountCents: 1600, date: '2030-03-31T10:00:00.000Z' });
  });

  it('from the announced date, renewals charge what the notice said, with its lines on the invoice', async () => {
    // Another change after the notice does not move what Ada was told she would pay.
    clock.set(new Date('2030-03-20T10:00:00Z'));
    await changeCatalog('Palworld only', setPrice('palworld-4gb', 1300));
    clock.set(new Date('2030-03-31T10:00:00Z'));
    await runRenewals(deps);
    const [, second] = await renewalsOf(adaServerId);
    const [change] = await changesOf(adaServerId);
    expect(second).toMatchObject({ amountCents: 1600, priceChangeId: change!.id, status: 'paid' });
    expect(change).toMatchObject({ status: 'applied' });
    const invoice = await invoiceOf(second!.invoiceId);
    expect(invoice).toMatchObject({ totalCents: 1600, subtotalCents: 1600 });
    expect(invoice.lines).toEqual([expect.objectContaining({ description: 'Minecraft 4GB server (1 month)', quantity: 1, unitCents: 1600, amountCents: 1600 })]);
    const [paidOrder] = await t.database.db.select().from(orders).where(eq(orders.id, second!.paidOrderId!));
    expect(paidOrder).toMatchObject({ totalCents: 1600, catalogVersion: 2 });
    expect(await priceChangeNotices(t.database.db, ada.id)).toEqual([]);
  });

  it('a lower price applies at the next renewal', async () => {
    clock.set(new Date('2030-04-25T10:00:00Z'));
    expect(await changeCatalog('Cheaper 4GB', setPrice('minecraft-4gb', 1200))).toMatchObject({ decreases: 2 });
    const scheduled = (await changesOf(adaServerId)).find((c) => c.status === 'scheduled');
    expect(scheduled).toMatchObject({ kind: 'decrease', oldCents: 1600, newCents: 1200, appliesFrom: new Date('2030-04-30T10:00:00Z') });
    const mail = (await readMailbox(t, ada.email)).find((m) => m.subject.startsWith('Lower price'));
    expect(mail?.text).toContain('will cost $12.00 a month, down from $16.00, starting with the renewal on April 30, 2030.');
    const overview = (await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: await signIn(t, ada) } })).json();
    expect(overview.stats.nextPayment).toMatchObject({ amountCents: 1200, dueDate: '2030-04-30T10:00:00.000Z' });
    clock.set(new Date('2030-04-30T10:00:00Z'));
    await runRenewals(deps);
    expect((await renewalsOf(adaServerId)).at(-1)).toMatchObject({ amountCents: 1200, status: 'paid' });
  });

  it('a rise taken back before its date is called off, and the customer is told', async () => {
    clock.set(new Date('2030-05-02T10:00:00Z'));
    await changeCatalog('Try $15', setPrice('minecraft-4gb', 1500));
    const raised = (await changesOf(adaServerId)).find((c) => c.status === 'scheduled')!;
    expect(raised).toMatchObject({ kind: 'increase', oldCents: 1200, newCents: 1500, appliesFrom: new Date('2030-06-30T10:00:00Z') });
    clock.set(new Date('2030-05-03T10:00:00Z'));
    expect(await changeCatalog('Back to $12', setPrice('minecraft-4gb', 1200))).toMatchObject({ withdrawn: 2 });
    expect((await changesOf(adaServerId)).find((c) => c.id === raised.id)).toMatchObject({ status: 'withdrawn' });
    expect((await readMailbox(t, ada.email)).map((m) => m.subject)).toContain('The price change for Creeper Valley is off');
    for (const day of ['2030-05-31T10:00:00Z', '2030-06-30T10:00:00Z']) {
      clock.set(new Date(day));
      await runRenewals(deps);
    }
    expect((await renewalsOf(adaServerId)).slice(-2).map((r) => [r.amountCents, r.status])).toEqual([
      [1200, 'paid'],
      [1200, 'paid'],
    ]);
  });

  it('two reviews running at once announce each change once', async () => {
    clock.set(new Date('2030-07-05T10:00:00Z'));
    const latest = (await latestVersion(t.database.db))!;
    const catalog = structuredClone(latest.catalog);
    setPrice('minecraft-4gb', 1300)(catalog);
    await t.database.db.insert(catalogVersions).values({ version: latest.version + 1, catalog, createdAt: clock.now() });
    await Promise.all([announcePriceChanges(deps), announcePriceChanges(deps), announcePriceChanges(deps)]);
    expect((await changesOf(adaServerId)).filter((c) => c.status === 'scheduled')).toHaveLength(1);
    const notices = (await readMailbox(t, ada.email)).filter((m) => m.subject === 'Price change for Creeper Valley from August 31, 2030');
    expect(notices).toHaveLength(1);
  });

  it('compares prices before a coupon, so a discounted service is told only of a real change', async () => {
    clock.set(new Date('2030-07-10T10:00:00Z'));
    const billing = await createSignedInUser(t, { role: 'billing' });
    const coupon = await createCouponAs(t, billing.cookie, { code: uniqueCode('LOYAL'), amount: 20, duration: 'forever' });
    const carol = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, carol.cookie, { choice: { ...minecraftChoice, serverName: 'Coupon Cove', coupon: coupon.code } });
    expect(bought.invoice.totalCents).toBe(1040);

    await changeCatalog('Palworld again', setPrice('palworld-4gb', 1250));
    expect(await changesOf(bought.server!.id)).toEqual([]);

    await changeCatalog('4GB up', setPrice('minecraft-4gb', 1500));
    expect(await changesOf(bought.server!.id)).toMatchObject([{ kind: 'increase', oldCents: 1300, newCents: 1500 }]);
  });
  it('a service carrying a retired add-on stops paying for it at its next renewal, and the notice and the invoice say so', async () => {
    clock.set(new Date('2030-08-01T10:00:00Z'));
    const discord = { key: 'discord-integration', name: 'Discord Integration', description: 'Chat bridge', priceCents: 199, maxQuantity: 1, sort: 9, hidden: false, delivery: { type: 'manual' as const } };
    await changeCatalog('Sell the Discord add-on', (d) => void d.addons.push(discord));
    const dan = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, dan.cookie, { choice: { ...minecraftChoice, serverName: 'Bridge Town', addons: { 'discord-integration': 1 } } });
    const price = bought.invoice.totalCents;
    const serverId = bought.server!.id;
    // Retired as decision 058 retired it: hidden, nothing delivers it.
    await changeCatalog('Retire the Discord add-on', (d) => void (d.addons.find((a) => a.key === 'discord-integration')!.hidden = true));
    const [change] = await changesOf(serverId);
    expect(change).toMatchObject({ kind: 'decrease', oldCents: price, newCents: price - 199, status: 'scheduled' });
    const mail = (await readMailbox(t, dan.email)).find((m) => m.subject === 'Lower price for Bridge Town from September 1, 2030');
    expect(mail?.text).toContain('Discord Integration: no longer offered, so no longer charged.');

    clock.set((await serverOf(bought.order_id)).renewsAt);
    await runRenewals(deps);
    const [renewal] = await renewalsOf(serverId);
    expect(renewal).toMatchObject({ amountCents: price - 199, priceChangeId: change!.id, status: 'paid' });
    const invoice = await invoiceOf(renewal!.invoiceId);
    expect(invoice.totalCents).toBe(price - 199);
    expect(invoice.lines).toContainEqual({
      description: 'Discord Integration: no longer offered, so no longer charged',
      text: { key: 'line.retiredAddon', values: { name: 'Discord Integration' } },
      quantity: 1,
      unitCents: 0,
      amountCents: 0,
    });
    expect(invoice.lines.some((l) => l.description.startsWith('Discord Integration (') && l.amountCents > 0)).toBe(false);
  });
});
