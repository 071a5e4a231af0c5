import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, creditLedger, creditNotes, orders, purchases, refunds, renewals, servers, users } from '../../db/schema';
import { randomIds, systemClock } from '../../lib/runtime';
import { runRenewals, type RenewalDeps } from '../../features/billing/renewals.service';
import { addLedgerEntry } from '../../lib/credit-ledger';
import { minecraftChoice, recordingBus, recordingProvisioning, rowsOf, startCheckout } from '../../features/checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext, type TestUser } from '../../test/test-app';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe/fake-stripe';
import { STRIPE_API_VERSION } from './stripe-provider';

/**
 * What a real Stripe account meets on day one (issue 20 §6, decision 047): the minimum charge, an
 * invalid request, one customer per account, the pinned API version, refunds made in the
 * Dashboard, and staff checking an unpaid order with Stripe.
 */
describe.each(dbKinds)('Stripe on day one, against the fake Stripe API on %s', (kind) => {
  let t: TestContext;
  let fake: FakeStripe;
  let billing: TestUser & { cookie: string };
  let support: TestUser & { cookie: string };

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(kind, {
      env: { PUBLIC_URL: 'https://play.example.test', STRIPE_SECRET_KEY: fake.secretKey, STRIPE_WEBHOOK_SECRET: fake.webhookSecret, STRIPE_API_URL: fake.url },
      checkout: { provisioning: recordingProvisioning() },
    });
    billing = await createSignedInUser(t, { role: 'billing' });
    support = await createSignedInUser(t, { role: 'support' });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const deliver = async (event: Parameters<FakeStripe['delivery']>[0]) => {
    const { payload, headers } = fake.delivery(event);
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { received: boolean; duplicate: boolean };
  };
  const lastEvent = (type: string, sessionId: string) => fake.eventsOf(type).filter((e) => e.data.object.id === sessionId).at(-1)!;
  const sessionsMade = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions').length;
  const checkWithStripe = (orderId: string, cookie: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/check-provider`, headers: { cookie } });

  it('sends every request at the pinned API version, the one the SDK is typed for', async () => {
    const { cookie } = await createSignedInUser(t);
    await startCheckout(t, cookie);
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    const sent = fake.requests.filter((r) => r.path.startsWith('/v1/'));
    expect(sent.length).toBeGreaterThan(0);
    for (const request of sent) expect(request.headers['stripe-version']).toBe(STRIPE_API_VERSION);
  });

  it('makes one Stripe customer per account and checks out every order for it', async () => {
    const customer = await createSignedInUser(t);
    const before = fake.requests.filter((r) => r.path === '/v1/customers').length;
    const first = await startCheckout(t, customer.cookie);
    const second = await startCheckout(t, customer.cookie, { ...minecraftChoice, serverName: 'Second World' });
    const created = fake.requests.filter((r) => r.path === '/v1/customers').slice(before);
    expect(created).toHaveLength(1);
    expect(created[0]!.form).toMatchObject({ email: customer.email, 'metadata[user_id]': customer.id });
    const [row] = await t.database.db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, customer.id));
    expect(row?.id).toMatch(/^cus_/);
    for (const out of [first, second]) {
      const session = fake.sessions.get(out.session_id)!;
      expect(session.customer).toBe(row!.id);
      expect(session.customer_creation).toBeNull();
      expect(session.customer_email).toBeNull();
    }
    // The card saved by the paid checkout belongs to the account's customer.
    fake.complete(second.session_id);
    await deliver(lastEvent('checkout.session.completed', second.session_id));
    const methods = await t.app.inject({ method: 'GET', url: '/api/billing/payment-methods', headers: { cookie: customer.cookie } });
    expect(methods.statusCode, methods.body).toBe(200);
    expect(JSON.stringify(methods.json())).toContain('4242');
    expect([...fake.paymentMethods.values()].filter((pm) => pm.customer === row!.id)).toHaveLength(1);
  });

  it('never sends Stripe an order under its minimum: credit pays what it can and the rest is waived', async () => {
    // Staff price a plan at 30 cents (the API accepts it; coupons never go under 50 cents themselves).
    const admin = await createSignedInUser(t, { role: 'admin' });
    const editor = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json();
    const catalog = structuredClone(editor.catalog);
    catalog.plans.find((p: { id: string }) => p.id === 'fivem-2gb').priceCents = 30;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/catalog',
      headers: { cookie: admin.cookie },
      payload: { baseVersion: editor.version, catalog, reason: 'A 30-cent plan' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const customer = await createSignedInUser(t);
    await addLedgerEntry(t.database.db, { currency: 'usd', userId: customer.id, amountCents: 10, kind: 'staff_adjustment', reason: 'Goodwill' });
    const sessionsBefore = sessionsMade();

    const out = await startCheckout(t, customer.cookie, { ...minecraftChoice, game: 'fivem', plan: 'fivem-2gb', serverName: 'Tiny' });
    expect((await rowsOf(t, out.order_id)).order).toMatchObject({ grossCents: 30 });
    expect(sessionsMade()).toBe(sessionsBefore);
    expect(out.checkout_url).toBe(`https://play.example.test/success?session_id=settled_${out.order_id}`);
    const rows = await rowsOf(t, out.order_id);
    expect(rows.order).toMatchObject({ status: 'paid', grossCents: 30 });
    expect(rows.purchases).toEqual([expect.objectContaining({ amountCents: 30, waivedCents: 20, providerPaymentId: null })]);
    const spent = await t.database.db.select().from(creditLedger).where(and(eq(creditLedger.userId, customer.id), eq(creditLedger.kind, 'credit_applied')));
    expect(spent.map((e) => e.amountCents)).toEqual([-10]);
    // The success page finds the order by the id it was sent to.
    const page = await t.app.inject({ method: 'GET', url: `/api/checkout/settled_${out.order_id}`, headers: { cookie: customer.cookie } });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().order.status).toBe('paid');
  });

  it('answers a checkout Stripe refuses as asked with a clear 422, not 502, and keeps no open order', async () => {
    const customer = await createSignedInUser(t);
    fake.refuseNext('POST', '/v1/checkout/sessions', 'This account cannot currently make live charges.', { code: 'account_invalid' });
    const res = await t.app.inject({ method: 'POST', url: '/api/checkout', payload: minecraftChoice, headers: { cookie: customer.cookie } });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'payment_request_refused', message: expect.stringContaining('nothing was charged') });
    const open = await t.database.db.select().from(orders).where(and(eq(orders.userId, customer.id), eq(orders.status, 'pending')));
    expect(open).toEqual([]);
    // "Our team has been told" is true: the alert is queued for the staff who can fix the setup.
    const alerts = await t.database.query<{ subject: string }>(`select data->>'subject' as subject from pgboss.job where name = 'staff-alerts' and data->>'kind' = 'payment_refused'`);
    expect(alerts).toEqual([{ subject: 'Stripe refused to open a checkout' }]);
  });

  it('makes a new customer when the account’s was deleted in the Stripe Dashboard', async () => {
    const customer = await createSignedInUser(t);
    await t.database.db.update(users).set({ stripeCustomerId: 'cus_test_deleted' }).where(eq(users.id, customer.id));
    const out = await startCheckout(t, customer.cookie);
    const [row] = await t.database.db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, customer.id));
    expect(row?.id).toMatch(/^cus_test_/);
    expect(row?.id).not.toBe('cus_test_deleted');
    expect(fake.sessions.get(out.session_id)?.customer).toBe(row!.id);
  });

  it('books a refund made in the Stripe Dashboard once, with its credit note, in the audit log', async () => {
    const customer = await createSignedInUser(t);
    const out = await startCheckout(t, customer.cookie);
    fake.complete(out.session_id);
    await deliver(lastEvent('checkout.session.completed', out.session_id));
    const paymentIntent = String(fake.sessions.get(out.session_id)?.payment_intent);

    const event = fake.dashboardRefund(paymentIntent, 500);
    expect(event).toMatchObject({ type: 'charge.refunded', data: { object: { payment_intent: paymentIntent, amount_refunded: 500 } } });
    expect(await deliver(event)).toEqual({ received: true, duplicate: false });
    expect(await deliver(event)).toEqual({ received: true, duplicate: true });

    const booked = await t.database.db.select().from(refunds).where(eq(refunds.orderId, out.order_id));
    expect(booked).toEqual([expect.objectContaining({ amountCents: 500, method: 'card', status: 'succeeded', createdBy: null })]);
    const [note] = await t.database.db.select().from(creditNotes).where(eq(creditNotes.refundId, booked[0]!.id));
    expect(note).toMatchObject({ amountCents: 500, method: 'card' });
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, out.order_id), eq(auditLog.action, 'order.refunded')));
    expect(audit).toEqual([
      expect.objectContaining({ actorId: null, actorEmail: 'Stripe Dashboard', actorRole: 'service', after: expect.objectContaining({ amountCents: 500, creditNote: note!.number }) }),
    ]);
  });

  it("lets billing staff check an unpaid order with Stripe, fulfilling it through the webhook's path when it was paid", async () => {
    const customer = await createSignedInUser(t);
    const out = await startCheckout(t, customer.cookie);
    expect((await checkWithStripe(out.order_id, support.cookie)).statusCode).toBe(403);
    expect((await checkWithStripe(out.order_id, customer.cookie)).statusCode).toBe(403);

    const open = await checkWithStripe(out.order_id, billing.cookie);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({ fulfilled: false, session: { status: 'open', paymentStatus: 'unpaid' }, order: { status: 'pending' } });
    expect(open.json().message).toContain('still open');

    // The customer pays; the webhook never arrives (endpoint misconfigured).
    fake.complete(out.session_id);
    const paid = await checkWithStripe(out.order_id, billing.cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ fulfilled: true, session: { status: 'complete', paymentStatus: 'paid', amountCents: 1400 }, order: { status: 'paid' } });
    const rows = await rowsOf(t, out.order_id);
    expect(rows.purchases).toHaveLength(1);
    expect(rows.servers).toHaveLength(1);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.targetId, out.order_id), eq(auditLog.action, 'order.checked_with_provider')));
    expect(audit.map((a) => [a.actorEmail, a.after])).toEqual([
      [billing.email, { sessionStatus: 'open', paymentStatus: 'unpaid', fulfilled: false }],
      [billing.email, { sessionStatus: 'complete', paymentStatus: 'paid', fulfilled: true }],
    ]);

    // Checking a paid order is refused, and the webhook arriving late fulfils nothing twice.
    expect((await checkWithStripe(out.order_id, billing.cookie)).statusCode).toBe(409);
    await deliver(lastEvent('checkout.session.completed', out.session_id));
    expect((await t.database.db.select().from(purchases).where(eq(purchases.orderId, out.order_id)))).toHaveLength(1);
  });

  it('ends a renewal charge Stripe refuses as asked: dunning, Stripe’s words for staff, and the request is not sent again', async () => {
    const customer = await createSignedInUser(t);
    const out = await startCheckout(t, customer.cookie);
    fake.complete(out.session_id);
    await deliver(lastEvent('checkout.session.completed', out.session_id));
    const [server] = await t.database.db.select().from(servers).where(eq(servers.orderId, out.order_id));
    await t.database.db.update(servers).set({ status: 'online', renewsAt: new Date(Date.now() - 60_000) }).where(eq(servers.id, server!.id));
    const deps: RenewalDeps = {
      db: t.database.db,
      clock: systemClock,
      ids: randomIds,
      payments: t.app.payments,
      panel: t.app.panel,
      events: recordingBus(),
      mailer: t.app.mailer,
      brand: 'Spawnpoint',
      publicUrl: 'https://play.example.test',
      log: { info() {}, warn() {}, error() {} },
    };
    const intents = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
    const before = intents();
    fake.refuseNext('POST', '/v1/payment_intents', 'This PaymentMethod was previously used without being attached to a Customer.', {
      code: 'payment_method_unexpected_state',
      param: 'payment_method',
    });
    await runRenewals(deps);
    await runRenewals(deps);
    expect(intents()).toBe(before + 1);
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, server!.id));
    expect(renewal).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('previously used without being attached') });
    expect(renewal!.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 24 * 3600_000);
  });
});
