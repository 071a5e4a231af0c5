import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookEvents } from '../../db/schema';
import { LOCAL_SIGNATURE_HEADER } from '../../integrations/payments/webhook-signature';
import { isLocalProvider, type LocalPaymentProvider } from '../../integrations/payments/local-provider';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import {
  markLocalSessionPaid,
  recordingBus,
  recordingProvisioning,
  rowsOf,
  startCheckout,
} from './checkout.fixtures';
import { formatInvoiceNumber } from '../billing/document-numbers';
import { addMonthsClamped as addMonths } from '../../lib/renewal-dates';
import { fulfilOrder } from './fulfilment';
import { handlePaymentEvent } from './payment-events';

describe('fulfilment helpers', () => {
  it('adds months in UTC and clamps to the last day of the month', () => {
    expect(addMonths(new Date('2030-01-31T10:00:00Z'), 1).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2032-01-31T10:00:00Z'), 1).toISOString()).toBe('2032-02-29T10:00:00.000Z');
    expect(addMonths(new Date('2030-11-15T00:00:00Z'), 3).toISOString()).toBe('2031-02-15T00:00:00.000Z');
    expect(addMonths(new Date('2030-03-31T23:59:00Z'), 12).toISOString()).toBe('2031-03-31T23:59:00.000Z');
  });

  it('formats invoice numbers as INV- and six digits', () => {
    expect(formatInvoiceNumber(1001)).toBe('INV-001001');
    expect(formatInvoiceNumber(1234567)).toBe('INV-1234567');
  });
});

describe.each(dbKinds)('idempotent fulfilment on %s', (kind) => {
  let t: TestContext;
  let local: LocalPaymentProvider;
  let cookie: string;
  const provisioning = recordingProvisioning();
  const events = recordingBus();

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { provisioning, events } });
    if (!isLocalProvider(t.app.payments)) throw new Error('expected the built-in provider');
    local = t.app.payments;
    ({ cookie } = await createSignedInUser(t));
  });
  afterAll(async () => t?.close());

  /** A checkout whose session is paid but whose webhook has not been delivered yet. */
  async function paidCheckout() {
    const out = await startCheckout(t, cookie);
    const row = await markLocalSessionPaid(t, out.session_id);
    return { ...out, row };
  }

  function deliver(event: { body: string; headers: Record<string, string> }) {
    return t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: event.body, headers: event.headers });
  }

  function reconcile(sessionId: string) {
    return t.app.inject({ method: 'GET', url: `/api/checkout/${sessionId}`, headers: { cookie } });
  }

  async function expectOneOfEach(orderId: string) {
    const rows = await rowsOf(t, orderId);
    expect(rows.order.status).toBe('paid');
    expect(rows.purchases).toHaveLength(1);
    expect(rows.invoices).toHaveLength(1);
    expect(rows.servers).toHaveLength(1);
    expect(provisioning.enqueued.filter((id) => id === rows.servers[0]!.id)).toHaveLength(1);
    expect(events.published.filter((p) => p.event.topic === 'purchases' && p.event.id === rows.purchases[0]!.id)).toHaveLength(1);
    return rows;
  }

  it('handles the same webhook delivered twice once, and stores its id', async () => {
    const { order_id, row } = await paidCheckout();
    const event = local.signedEvent(row, 'checkout.session.completed');
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    const second = await deliver(event);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true, duplicate: true });
    await expectOneOfEach(order_id);
    const id = (JSON.parse(event.body) as { id: string }).id;
    const [stored] = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));
    expect(stored).toMatchObject({ provider: 'local', type: 'checkout.completed', processedAt: expect.any(Date) });
  });

  it('processes an event whose first handler died after claiming it: a copy waits, then the claim is taken over', async () => {
    const { order_id, row } = await paidCheckout();
    const event = local.signedEvent(row, 'checkout.session.completed');
    const id = (JSON.parse(event.body) as { id: string }).id;
    // The instance that received it stored the id, then was killed before fulfilling the order.
    await t.database.db.insert(webhookEvents).values({ id, provider: 'local', type: 'checkout.completed', receivedAt: new Date() });
    const deps = {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      catalog: t.app.catalog,
      events,
      provisioning,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    };
    const parsed = local.parseWebhook(Buffer.from(event.body), event.headers);
    await expect(handlePaymentEvent(deps, 'local', parsed, { waitForOtherMs: 300 })).rejects.toMatchObject({ statusCode: 409, code: 'webhook_in_progress' });
    expect((await rowsOf(t, order_id)).purchases).toHaveLength(0);

    // A minute later the claim is stale: the provider's next delivery takes it over and fulfils the order once.
    await t.database.db.update(webhookEvents).set({ receivedAt: new Date(Date.now() - 61_000) }).where(eq(webhookEvents.id, id));
    const retried = await deliver(event);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ received: true, duplicate: false });
    await expectOneOfEach(order_id);
    expect((await deliver(event)).json()).toEqual({ received: true, duplicate: true });
  });

  it('gives one purchase and one server when the webhook races the success page', async () => {
    const { order_id, session_id, row } = await paidCheckout();
    const event = local.signedEvent(row, 'checkout.session.completed');
    const [hook, page1, page2] = await Promise.all([deliver(event), reconcile(session_id), reconcile(session_id)]);
    expect([hook.statusCode, page1.statusCode, page2.statusCode]).toEqual([200, 200, 200]);
    expect(page1.json().order.status === 'paid' || page2.json().order.status === 'paid').toBe(true);
    await expectOneOfEach(order_id);
  });

  it('gives one purchase and one server for two different events of the same payment at once', async () => {
    const { order_id, row } = await paidCheckout();
    const a = local.signedEvent(row, 'checkout.session.completed');
    const b = local.signedEvent(row, 'checkout.session.completed');
    expect(JSON.parse(a.body).id).not.toBe(JSON.parse(b.body).id);
    const answers = await Promise.all([deliver(a), deliver(b), deliver(a)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    await expectOneOfEach(order_id);
  });

  it('creates one purchase, one server and one order confirmation when fulfilment itself is called many times at once', async () => {
    const { order_id, row } = await paidCheckout();
    const confirmed: { orderId: string; invoiceId: string }[] = [];
    const deps = {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      catalog: t.app.catalog,
      events,
      provisioning,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      orderPaid: async (paid: { orderId: string; invoiceId: string }) => void confirmed.push(paid),
    };
    const results = await Promise.all(
      Array.from({ length: 6 }, () => fulfilOrder(deps, { orderId: order_id, provider: 'local', paymentId: row.chargeId })),
    );
    expect(results.filter((r) => r.fulfilled)).toHaveLength(1);
    const rows = await expectOneOfEach(order_id);
    expect(rows.purchases[0]?.providerPaymentId).toBe(row.chargeId);
    // A replay later finds the order paid: still the one confirmation, for the order's invoice.
    expect((await fulfilOrder(deps, { orderId: order_id, provider: 'local', paymentId: row.chargeId })).fulfilled).toBe(false);
    expect(confirmed).toEqual([expect.objectContaining({ orderId: order_id, invoiceId: rows.invoices[0]!.id })]);
  });

  it('refuses a bad signature with 400 and records no payment', async () => {
    const { order_id, row } = await paidCheckout();
    const event = local.signedEvent(row, 'checkout.session.completed');
    const tampered = event.body.replace(`"amount_total":${row.amountCents}`, `"amount_total":1`);
    const cases: Record<string, string>[] = [
      { ...event.headers, [LOCAL_SIGNATURE_HEADER]: 't=1,v1=00' },
      { 'content-type': 'application/json' },
      // One hex digit changed (to a different digit, whatever the signature starts with).
      { ...event.headers, [LOCAL_SIGNATURE_HEADER]: event.headers[LOCAL_SIGNATURE_HEADER]!.replace(/v1=(.)/, (_m, c: string) => `v1=${c === 'f' ? '0' : 'f'}`) },
    ];
    for (const headers of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: event.body, headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_signature');
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: tampered, headers: event.headers });
    expect(res.statusCode).toBe(400);
    const rows = await rowsOf(t, order_id);
    expect(rows.order.status).toBe('pending');
    expect(rows.purchases).toEqual([]);
    expect(rows.servers).toEqual([]);
  });

  it('answers 404 for a provider that is not configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', payload: '{}', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(404);
  });

  it('does not fulfil a session whose paid amount differs from the order', async () => {
    const { order_id, row } = await paidCheckout();
    const res = await deliver(local.signedEvent({ ...row, amountCents: row.amountCents - 100 }, 'checkout.session.completed'));
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(t, order_id)).purchases).toEqual([]);
  });

  it('forgets the event id when handling fails, so the provider retry is processed', async () => {
    const { order_id, row } = await paidCheckout();
    const signed = local.signedEvent(row, 'checkout.session.completed');
    const event = local.parseWebhook(Buffer.from(signed.body), signed.headers);
    const deps = {
      db: t.database.db,
      clock: { now: () => new Date() },
      ids: { uuid: () => crypto.randomUUID() },
      events,
      provisioning,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    };
    const broken = { ...deps, catalog: { atVersion: () => Promise.reject(new Error('catalog unavailable')) } };
    await expect(handlePaymentEvent(broken, 'local', event)).rejects.toThrow('catalog unavailable');
    expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, event.id))).toEqual([]);
    expect((await rowsOf(t, order_id)).purchases).toEqual([]);
    expect(await handlePaymentEvent({ ...deps, catalog: t.app.catalog }, 'local', event)).toEqual({ duplicate: false });
    await expectOneOfEach(order_id);
  });

  it('closes the order on an expired-session event', async () => {
    const out = await startCheckout(t, cookie);
    const [row] = await t.database.db.query.localCheckoutSessions.findMany({ where: (s, { eq }) => eq(s.id, out.session_id) });
    const res = await deliver(local.signedEvent({ ...row!, status: 'expired' }, 'checkout.session.expired'));
    expect(res.statusCode).toBe(200);
    expect((await rowsOf(t, out.order_id)).order.status).toBe('expired');
  });
});
