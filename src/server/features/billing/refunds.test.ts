import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, creditLedger, creditNotes, localCheckoutSessions, localRefunds, refunds } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { payLocal, recordingBus, rowsOf, startCheckout } from '../checkout/checkout.fixtures';

describe.each(dbKinds)('refunds on %s', (kind) => {
  let t: TestContext;
  let cookie: string;
  let userId: string;
  const events = recordingBus();

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events } });
    ({ cookie, id: userId } = await createSignedInUser(t));
  });
  afterAll(async () => t?.close());

  async function paidOrder() {
    const out = await startCheckout(t, cookie);
    expect((await payLocal(t, out.session_id)).statusCode).toBe(200);
    return out;
  }

  async function refundLines(orderId: string) {
    return t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.subjectId, orderId), eq(activityLog.kind, 'refund')));
  }

  it('refunds the payment and marks the purchase, invoice and order refunded', async () => {
    const { order_id, session_id } = await paidOrder();
    await t.app.refunds.refundOrder(order_id, 'The server could not be set up');
    const rows = await rowsOf(t, order_id);
    expect(rows.order.status).toBe('refunded');
    expect(rows.purchases[0]).toMatchObject({ status: 'refunded', refundReason: 'The server could not be set up', refundedAt: expect.any(Date) });
    // The invoice is never edited: the refund issues a credit note against it.
    expect(rows.invoices[0]?.status).toBe('paid');
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, session_id));
    expect(session?.refundedCents).toBe(1400);
    const lines = (await refundLines(order_id)).map((a) => a.message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Refund of \$14\.00 for Minecraft 4GB to your card \(CN-\d{6}\): The server could not be set up$/);
    expect(events.published).toContainEqual({ userId, event: { topic: 'purchases', id: rows.purchases[0]!.id } });

    const state = await t.app.inject({ method: 'GET', url: `/api/checkout/${session_id}`, headers: { cookie } });
    expect(state.json()).toMatchObject({ order: { status: 'refunded' }, purchase: { status: 'refunded' } });
  });

  it('finishes refunds a stopped process left pending, without refunding twice', async () => {
    const { order_id, session_id } = await paidOrder();
    const db = t.database.db;
    const purchase = (await rowsOf(t, order_id)).purchases[0]!;
    const [card, credit, fresh] = [randomUUID(), randomUUID(), randomUUID()];
    const row = { purchaseId: purchase.id, orderId: order_id, userId, status: 'pending' as const, reason: 'Lag during the event' };
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await db.insert(refunds).values([
      { ...row, id: card, amountCents: 400, method: 'card', createdAt: longAgo },
      { ...row, id: credit, amountCents: 300, method: 'credit', createdAt: longAgo },
      // Asked a moment ago: maybe still in flight, so the sweep leaves it.
      { ...row, id: fresh, amountCents: 100, method: 'credit', createdAt: new Date() },
    ]);
    // The process had the card refund made before it stopped; the sweep asks again with the same key.
    await t.app.payments.refund(purchase.providerPaymentId!, 400, row.reason, { idempotencyKey: `refund-${card}` });

    expect(await t.app.refunds.sweepPending()).toBe(2);
    expect(await t.app.refunds.sweepPending()).toBe(0);
    const states = await db.select({ id: refunds.id, status: refunds.status }).from(refunds).where(eq(refunds.orderId, order_id));
    expect(Object.fromEntries(states.map((r) => [r.id, r.status]))).toEqual({ [card]: 'succeeded', [credit]: 'succeeded', [fresh]: 'pending' });
    const made = await db.select().from(localRefunds).where(eq(localRefunds.paymentId, purchase.providerPaymentId!));
    expect(made.map((r) => r.amountCents)).toEqual([400]);
    const [session] = await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, session_id));
    expect(session?.refundedCents).toBe(400);
    expect(await db.select({ amount: creditNotes.amountCents }).from(creditNotes).where(eq(creditNotes.userId, userId))).toEqual(
      expect.arrayContaining([{ amount: 400 }, { amount: 300 }]),
    );
    expect(await db.select({ amount: creditLedger.amountCents }).from(creditLedger).where(eq(creditLedger.referenceId, credit))).toEqual([{ amount: 300 }]);
    expect((await rowsOf(t, order_id)).purchases[0]?.status).toBe('paid');
  });

  it('refunds once however often, and however concurrently, it is asked', async () => {
    const { order_id, session_id } = await paidOrder();
    const before = events.published.length;
    await Promise.all([1, 2, 3].map(() => t.app.refunds.refundOrder(order_id, 'Provisioning failed')));
    await t.app.refunds.refundOrder(order_id, 'Provisioning failed again');
    expect(await refundLines(order_id)).toHaveLength(1);
    expect(events.published.slice(before).filter((p) => p.event.topic === 'purchases')).toHaveLength(1);
    const rows = await rowsOf(t, order_id);
    expect(rows.purchases[0]?.refundReason).toBe('Provisioning failed');
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, session_id));
    expect(session?.refundedCents).toBe(1400);
  });

  it('refuses to refund an order that was never paid', async () => {
    const out = await startCheckout(t, cookie);
    await expect(t.app.refunds.refundOrder(out.order_id, 'nothing to refund')).rejects.toThrow(/no payment/);
  });
});
