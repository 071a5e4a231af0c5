import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNotes, documentCounters, invoices } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { goodCard, payLocal, recordingBus, recordingProvisioning, startCheckout } from '../checkout/checkout.fixtures';
import { formatCreditNoteNumber, formatInvoiceNumber, nextDocumentNumber } from './document-numbers';

const pack = { kind: 'pack', pack: 'essentials' } as const;
const numberOf = (label: string) => Number(label.replace(/^\D+-/, ''));

/**
 * Invoice and credit note numbers run without gaps per series: each is taken from a counter row
 * locked in the transaction that inserts the document. On PostgreSQL the 50 payments below are
 * fulfilled in parallel, each in its own connection and transaction.
 */
describe.each(dbKinds)('gapless document numbers on %s', (kind) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
  }, 60_000);
  afterAll(async () => t?.close());

  const counter = async (series: 'invoice' | 'credit_note') =>
    (await t.database.db.select().from(documentCounters).where(eq(documentCounters.series, series)))[0]!.nextValue;

  it('keeps the formats and starts where the old sequences did: INV-001001 and CN-000001', async () => {
    expect(await counter('invoice')).toBe(1001);
    expect(await counter('credit_note')).toBe(1);
    expect(formatInvoiceNumber(1001)).toBe('INV-001001');
    expect(formatInvoiceNumber(1234567)).toBe('INV-1234567');
    expect(formatCreditNoteNumber(1)).toBe('CN-000001');
  });

  it('50 concurrent paid orders get 50 consecutive invoice numbers, and a rolled-back one leaves no gap', async () => {
    const customers = await Promise.all(Array.from({ length: 10 }, () => createSignedInUser(t)));
    const checkouts = [];
    for (const customer of customers) {
      for (let i = 0; i < 5; i += 1) checkouts.push(await startCheckout(t, customer.cookie, pack));
    }
    const first = await counter('invoice');
    // Alongside the payments, transactions that take a number and then fail: their numbers go to others.
    const rolledBack = Array.from({ length: 5 }, () =>
      t.database.db
        .transaction(async (tx) => {
          await nextDocumentNumber(tx, 'invoice');
          throw new Error('the insert failed');
        })
        .catch((error: Error) => error.message),
    );
    // Each from its own address: the card page allows 20 payments a minute per address.
    const pay = (sessionId: string, i: number) =>
      t.app.inject({ method: 'POST', url: `/api/local-checkout/${sessionId}/pay`, payload: goodCard, remoteAddress: `10.0.0.${i + 1}` });
    const paid = await Promise.all([...checkouts.map((c, i) => pay(c.session_id, i)), ...rolledBack]);
    expect(paid.slice(-5)).toEqual(Array(5).fill('the insert failed'));
    for (const res of paid.slice(0, 50) as { statusCode: number; body: string }[]) expect(res.statusCode, res.body).toBe(200);

    const issued = await t.database.db
      .select({ number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.orderId, checkouts.map((c) => c.order_id)));
    const numbers = issued.map((i) => numberOf(i.number)).sort((a, b) => a - b);
    expect(numbers).toHaveLength(50);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => first + i));
    expect(await counter('invoice')).toBe(first + 50);
  }, 120_000);

  it('credit notes run on their own series, also without gaps', async () => {
    const customer = await createSignedInUser(t);
    const out = await startCheckout(t, customer.cookie, pack);
    expect((await payLocal(t, out.session_id)).statusCode).toBe(200);
    const staff = (await createSignedInUser(t, { role: 'billing' })).cookie;
    const first = await counter('credit_note');
    const refunds = await Promise.all(
      [100, 100, 100].map((amountCents) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/orders/${out.order_id}/refunds`,
          headers: { cookie: staff },
          payload: { amountCents, method: 'credit', reason: 'Goodwill for the outage', cancelService: false },
        }),
      ),
    );
    for (const res of refunds) expect(res.statusCode, res.body).toBe(200);
    const notes = await t.database.db.select({ number: creditNotes.number }).from(creditNotes).where(eq(creditNotes.userId, customer.id));
    expect(notes.map((n) => numberOf(n.number)).sort((a, b) => a - b)).toEqual([first, first + 1, first + 2]);
    expect(notes.every((n) => /^CN-\d{6}$/.test(n.number))).toBe(true);
  });
});
