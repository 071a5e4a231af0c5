import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, orders, renewals, servers, storeSettings } from '../../../db/schema';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../../test/test-app';
import { buyWithLocalCard, get } from '../../billing/billing.fixtures';
import { runRenewals } from '../../billing/renewals.service';
import { recordingBus, recordingProvisioning } from '../../checkout/checkout.fixtures';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(dbKinds)('the shop currency (/api/admin/settings/currency) on %s', (kind) => {
  let t: TestContext;
  let admin: { id: string; cookie: string };
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const put = (payload: object, cookie = admin.cookie) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings/currency', headers: { cookie }, payload });

  it('starts in US dollars, changes while nothing is sold, audited, and refuses bad input', async () => {
    const first = await get(t, '/api/admin/settings/currency', admin.cookie);
    expect(first.json()).toMatchObject({ currency: 'usd', locked: false });
    expect(first.json().choices).toContain('jpy');

    for (const [payload, field] of [
      [{ currency: 'xyz', reason: 'Selling in Europe' }, 'currency'],
      [{ currency: 'eu', reason: 'Selling in Europe' }, 'currency'],
      [{ currency: 'eur', reason: '' }, 'reason'],
    ] as const) {
      const res = await put(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.fields?.[field]).toBeTruthy();
    }
    const customer = await createSignedInUser(t);
    expect((await put({ currency: 'eur', reason: 'Selling in Europe' }, customer.cookie)).statusCode).toBe(403);

    const res = await put({ currency: 'EUR', reason: 'We sell in Europe' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'eur', locked: false });
    const [record] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'settings.currency_changed'));
    expect(record).toMatchObject({ actorId: admin.id, before: { currency: 'usd' }, after: { currency: 'eur' }, reason: 'We sell in Europe' });
    expect((await get(t, '/api/catalog')).json().currency).toBe('eur');
  });

  it('sells in euros: the order, invoice and service are EUR, and the currency is then locked', async () => {
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, bought.order_id));
    expect(order!.currency).toBe('eur');
    expect(bought.invoice.currency).toBe('eur');
    expect(bought.server!.currency).toBe('eur');
    const shown = (await get(t, `/api/invoices/${bought.invoice.id}`, customer.cookie)).json();
    expect(shown.currency).toBe('eur');

    const refused = await put({ currency: 'gbp', reason: 'Moving to the UK' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('currency_locked');
    expect((await get(t, '/api/admin/settings/currency', admin.cookie)).json()).toMatchObject({ currency: 'eur', locked: true });
  });

  it('renews a service in the currency it was bought in, whatever the shop sells in now', async () => {
    clock.set(new Date('2030-01-31T10:00:00Z'));
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { card: { saveCard: true } });
    // The shop's setting moved on underneath (as it may once price lists exist): the service does not.
    await t.database.db.update(storeSettings).set({ currency: 'gbp' }).where(eq(storeSettings.id, 1));
    await t.database.db.update(servers).set({ status: 'online' }).where(eq(servers.id, bought.server!.id));
    clock.set(new Date('2030-02-28T10:00:00Z'));
    await runRenewals({
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
    });
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, bought.server!.id));
    expect(renewal?.invoiceId, JSON.stringify(renewal)).toBeTruthy();
    const [invoice] = await t.database.db.select().from(invoices).where(and(eq(invoices.id, renewal!.invoiceId!), eq(invoices.userId, customer.id)));
    expect(invoice!.currency).toBe('eur');
  });
});
