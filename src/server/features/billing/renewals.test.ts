import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, invoices, localPaymentMethods, purchases, renewals, servers } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, post } from './billing.fixtures';
import { addLedgerEntry, balanceCents } from '../../lib/credit-ledger';
import { runRenewals, type RenewalDeps } from './renewals.service';

const DAY = 24 * 60 * 60 * 1000;
const failingCard = { number: '4000 0000 0000 0341' };
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(dbKinds)('renewals and dunning on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-31T10:00:00Z'));
  const events = recordingBus();
  let deps: RenewalDeps;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events, provisioning: recordingProvisioning() } });
    deps = {
      db: t.database.db,
      clock,
      ids: randomIds,
      payments: t.app.payments,
      panel: t.app.panel,
      events,
      mailer: t.app.mailer,
      brand: t.config.BRAND_NAME,
      publicUrl: t.config.PUBLIC_URL,
      log: quiet,
    };
  });
  afterAll(async () => t?.close());

  /** A paid monthly server, running on the simulated panel. */
  async function customerWithServer(card: object = {}) {
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, { card });
    const server = bought.server!;
    const panelServer = await t.app.panel.createServer({
      externalId: server.id,
      panelUserId: `sim-user-${customer.id}`,
      name: server.name,
      game: server.game,
      location: server.location,
      ramGb: server.ramGb,
      vcpu: server.vcpu,
      diskGb: server.diskGb,
    });
    await t.database.db
      .update(servers)
      .set({ status: 'online', panelServerId: panelServer.panelServerId, panelIdentifier: panelServer.identifier })
      .where(eq(servers.id, server.id));
    return { customer, server: { ...server, panelServerId: panelServer.panelServerId }, order: bought };
  }

  const serverRow = async (id: string) => (await t.database.db.select().from(servers).where(eq(servers.id, id)))[0]!;
  const renewalsOf = (serverId: string) => t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId));
  const invoicesOf = (userId: string) => t.database.db.select().from(invoices).where(eq(invoices.userId, userId));
  const purchasesOf = (userId: string) => t.database.db.select().from(purchases).where(eq(purchases.userId, userId));
  const subjects = async (to: string) => (await readMailbox(t, to)).map((m) => m.subject);

  it('charges a renewal once at its date, even when the job runs twice at once', async () => {
    clock.set(new Date('2030-01-31T10:00:00Z'));
    const { customer, server, order } = await customerWithServer();
    expect(server.renewsAt).toEqual(new Date('2030-02-28T10:00:00Z'));

    clock.set(new Date('2030-02-28T09:59:59Z'));
    await runRenewals(deps);
    expect(await renewalsOf(server.id)).toEqual([]);

    clock.set(new Date('2030-02-28T10:00:00Z'));
    await Promise.all([runRenewals(deps), runRenewals(deps)]);
    await runRenewals(deps);

    const paid = await purchasesOf(customer.id);
    expect(paid).toHaveLength(2);
    const own = await invoicesOf(customer.id);
    expect(own.map((i) => i.status).sort()).toEqual(['paid', 'paid']);
    const renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal).toMatchObject({ status: 'paid', attempts: 1, amountCents: order.invoice.totalCents, creditCents: 0 });
    // The period is counted from the first payment: 31 Jan, 28 Feb, 31 Mar.
    expect((await serverRow(server.id)).renewsAt).toEqual(new Date('2030-03-31T10:00:00Z'));
    const renewalPurchase = paid.find((p) => p.orderId === renewal.paidOrderId);
    expect(renewalPurchase).toMatchObject({ amountCents: renewal.amountCents, providerPaymentId: renewal.providerPaymentId });
    expect(events.published).toContainEqual({ userId: customer.id, event: { topic: 'purchases', id: renewalPurchase!.id } });
    expect(events.published.some((e) => e.userId === customer.id && e.event.topic === 'billing')).toBe(true);
    expect((await subjects(customer.email)).filter((s) => s.startsWith('Receipt for'))).toHaveLength(1);

    clock.set(new Date('2030-03-31T10:00:00Z'));
    await runRenewals(deps);
    expect(await purchasesOf(customer.id)).toHaveLength(3);
    expect((await serverRow(server.id)).renewsAt).toEqual(new Date('2030-04-30T10:00:00Z'));
  });

  it('applies account credit first and charges the card the rest', async () => {
    clock.set(new Date('2030-05-01T10:00:00Z'));
    const { customer, server, order } = await customerWithServer();
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: customer.id, amountCents: 500, kind: 'staff_adjustment', reason: 'Goodwill' });
    clock.set(new Date('2030-06-01T10:00:00Z'));
    await runRenewals(deps);
    const renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal).toMatchObject({ status: 'paid', creditCents: 500 });
    const [applied] = await t.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, customer.id), eq(creditLedger.kind, 'credit_applied')));
    expect(applied).toMatchObject({ amountCents: -500, referenceId: renewal.invoiceId });
    expect(await balanceCents(t.database.db, customer.id, 'usd')).toBe(0);
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, renewal.invoiceId!));
    expect(invoice).toMatchObject({ status: 'paid', totalCents: order.invoice.totalCents });
    expect((await readMailbox(t, customer.email))[0]?.text).toContain('came from your account credit');
  });

  it('pays a renewal wholly from credit without touching a card', async () => {
    clock.set(new Date('2030-07-01T10:00:00Z'));
    const { customer, server } = await customerWithServer(failingCard);
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: customer.id, amountCents: 100_000, kind: 'staff_adjustment', reason: 'Prepaid' });
    clock.set(new Date('2030-08-01T10:00:00Z'));
    await runRenewals(deps);
    const renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal).toMatchObject({ status: 'paid', providerPaymentId: null });
    expect(await balanceCents(t.database.db, customer.id, 'usd')).toBe(100_000 - renewal.amountCents);
  });

  it('with a card that fails renewals: failed invoice, retry after 3 days, suspended at 7, deleted at 30', async () => {
    clock.set(new Date('2030-09-10T08:00:00Z'));
    const { customer, server } = await customerWithServer(failingCard);
    const due = new Date('2030-10-10T08:00:00Z');
    const at = (days: number) => new Date(due.getTime() + days * DAY);

    clock.set(due);
    await runRenewals(deps);
    let renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Your card was declined.', nextAttemptAt: at(3) });
    const failed = (await invoicesOf(customer.id)).filter((i) => i.id === renewal.invoiceId);
    expect(failed).toMatchObject([{ status: 'failed' }]);
    expect(await purchasesOf(customer.id)).toHaveLength(1);
    const failMail = (await readMailbox(t, customer.email)).find((m) => m.subject.startsWith('Payment failed'));
    expect(failMail?.text).toContain('We will try again on October 13, 2030');

    clock.set(new Date(at(3).getTime() - 1000));
    await runRenewals(deps);
    expect((await renewalsOf(server.id))[0]!.attempts).toBe(1);
    clock.set(at(3));
    await runRenewals(deps);
    await runRenewals(deps);
    expect((await renewalsOf(server.id))[0]).toMatchObject({ status: 'failed', attempts: 2 });

    clock.set(at(7));
    await runRenewals(deps);
    renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal.suspendedAt).toEqual(at(7));
    expect((await serverRow(server.id)).status).toBe('suspended');
    expect((await t.app.panel.getServer(server.panelServerId)).state).toBe('suspended');
    expect(await subjects(customer.email)).toContain(`${server.name} is suspended`);

    clock.set(at(29));
    await runRenewals(deps);
    expect((await serverRow(server.id)).status).toBe('suspended');
    clock.set(at(30));
    await runRenewals(deps);
    renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal).toMatchObject({ status: 'terminated', endedAt: at(30) });
    expect((await serverRow(server.id)).status).toBe('cancelled');
    expect(await t.app.panel.findServer(server.id)).toBeNull();
    expect(await subjects(customer.email)).toContain(`${server.name} has been deleted`);
    // One invoice for the period, however many attempts; no money taken.
    expect((await invoicesOf(customer.id)).filter((i) => i.status === 'failed')).toHaveLength(1);
    expect(await purchasesOf(customer.id)).toHaveLength(1);
    const attempts = renewal.attempts;
    clock.set(at(60));
    await runRenewals(deps);
    expect((await renewalsOf(server.id))[0]!.attempts).toBe(attempts);
  });

  it('a successful retry after suspension pays the invoice and unsuspends the server', async () => {
    clock.set(new Date('2030-11-05T12:00:00Z'));
    const { customer, server } = await customerWithServer(failingCard);
    const due = new Date('2030-12-05T12:00:00Z');
    const at = (days: number) => new Date(due.getTime() + days * DAY);
    for (const day of [0, 3, 6, 7]) {
      clock.set(at(day));
      await runRenewals(deps);
    }
    expect((await serverRow(server.id)).status).toBe('suspended');
    // The customer fixes their card; the next retry (day 9) goes through.
    await t.database.db.update(localPaymentMethods).set({ failsRenewals: false }).where(eq(localPaymentMethods.userId, customer.id));
    clock.set(at(9));
    await runRenewals(deps);
    const renewal = (await renewalsOf(server.id))[0]!;
    expect(renewal).toMatchObject({ status: 'paid', attempts: 4 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, renewal.invoiceId!));
    expect(invoice?.status).toBe('paid');
    const row = await serverRow(server.id);
    expect(row.status).toBe('offline');
    expect(row.renewsAt).toEqual(new Date('2031-01-05T12:00:00Z'));
    expect((await t.app.panel.getServer(server.panelServerId)).state).not.toBe('suspended');
    expect(await purchasesOf(customer.id)).toHaveLength(2);
    // Told once each: suspended, then running again (decision 061).
    const told = await subjects(customer.email);
    expect(told.filter((s) => s === `${server.name} is suspended`)).toHaveLength(1);
    expect(told.filter((s) => s === `${server.name} is running again`)).toHaveLength(1);
  });

  it('cancels at period end instead of charging', async () => {
    clock.set(new Date('2031-02-01T09:00:00Z'));
    const { customer, server } = await customerWithServer();
    const res = await post(t, `/api/services/${server.id}/cancel`, customer.cookie);
    expect(res.statusCode).toBe(200);
    clock.set(new Date('2031-03-01T09:00:00Z'));
    await runRenewals(deps);
    await runRenewals(deps);
    expect((await renewalsOf(server.id))[0]).toMatchObject({ status: 'cancelled', attempts: 0, invoiceId: null });
    expect((await serverRow(server.id)).status).toBe('cancelled');
    expect(await purchasesOf(customer.id)).toHaveLength(1);
    expect(await invoicesOf(customer.id)).toHaveLength(1);
    expect(await t.app.panel.findServer(server.id)).toBeNull();
    expect(await subjects(customer.email)).toContain(`${server.name} has been cancelled`);
  });

  it('sends no billing email to a customer who turned billing notices off', async () => {
    clock.set(new Date('2031-04-01T09:00:00Z'));
    const { customer } = await customerWithServer();
    await t.database.query(`update users set notifications = jsonb_set(notifications, '{billing}', 'false') where id = $1`, [customer.id]);
    clock.set(new Date('2031-05-01T09:00:00Z'));
    await runRenewals(deps);
    expect(await purchasesOf(customer.id)).toHaveLength(2);
    expect((await subjects(customer.email)).filter((s) => s.startsWith('Receipt for'))).toEqual([]);
  });
});
