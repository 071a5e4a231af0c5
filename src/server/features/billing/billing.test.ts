import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { buyWithLocalCard, get } from './billing.fixtures';
import { addLedgerEntry } from '../../lib/credit-ledger';

describe.each(dbKinds)('billing overview, history and invoices on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const events = recordingBus();
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let purchase: Awaited<ReturnType<typeof buyWithLocalCard>>;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { PUBLIC_URL: 'https://play.example.test', BRAND_NAME: 'Blockhost', SUPPORT_EMAIL: 'help@blockhost.test' },
      checkout: { events, provisioning: recordingProvisioning() },
    });
    customer = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  it('shows an empty overview and history before anything is bought', async () => {
    const overview = await get(t, '/api/billing', customer.cookie);
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toEqual({
      currency: 'usd',
      stats: { currentBalance: 0, balances: [], nextPayment: null, thisMonth: 0, paymentMethods: 0 },
      upcoming: [],
      ending: [],
    });
    expect((await get(t, '/api/invoices', customer.cookie)).json()).toEqual([]);
  });

  it('asks for a sign-in', async () => {
    for (const url of ['/api/billing', '/api/invoices', '/api/billing/payment-methods', `/api/invoices/${crypto.randomUUID()}`]) {
      expect((await get(t, url)).statusCode).toBe(401);
    }
  });

  it('after a purchase: this month, the next payment, the saved card and the upcoming bill', async () => {
    purchase = await buyWithLocalCard(t, customer.cookie, { card: { saveCard: true } });
    const overview = (await get(t, '/api/billing', customer.cookie)).json();
    expect(overview.stats).toEqual({
      currentBalance: 0,
      balances: [],
      nextPayment: { amountCents: 1400, currency: 'usd', dueDate: '2030-02-15T12:00:00.000Z', service: 'Creeper Valley' },
      thisMonth: 1400,
      paymentMethods: 1,
    });
    expect(overview.upcoming).toEqual([
      {
        serverId: purchase.server!.id,
        service: 'Creeper Valley',
        planName: 'Minecraft 4GB',
        currency: 'usd',
        amountCents: 1400,
        dueDate: '2030-02-15T12:00:00.000Z',
        status: 'scheduled',
      },
    ]);
    expect(events.published).toContainEqual({ userId: customer.id, event: { topic: 'billing', id: purchase.invoice.number } });
  });

  it('lists the charge with its invoice and card, and the renewal to come', async () => {
    const history = (await get(t, '/api/invoices', customer.cookie)).json();
    expect(history).toEqual([
      {
        id: `renewal-${purchase.server!.id}`,
        kind: 'renewal',
        date: '2030-02-15T12:00:00.000Z',
        description: 'Renewal of Creeper Valley (Minecraft 4GB)',
        amountCents: 1400,
        currency: 'usd',
        status: 'scheduled',
        method: 'Default payment method',
        invoiceId: null,
        creditNoteId: null,
      },
      {
        id: purchase.invoice.id,
        kind: 'charge',
        date: '2030-01-15T12:00:00.000Z',
        description: `Minecraft 4GB · Creeper Valley (${purchase.invoice.number})`,
        amountCents: 1400,
        currency: 'usd',
        status: 'paid',
        method: 'Visa •••• 4242',
        invoiceId: purchase.invoice.id,
        creditNoteId: null,
      },
    ]);
  });

  it('opens the invoice with the seller, the customer as billed, the lines and the total', async () => {
    // The customer block is the billing details at issue, not the profile's name now.
    await t.database.query("update users set first_name = 'Ada', last_name = 'Lovelace' where id = $1", [customer.id]);
    const res = await get(t, `/api/invoices/${purchase.invoice.id}`, customer.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: purchase.invoice.id,
      number: expect.stringMatching(/^INV-\d{6}$/),
      date: '2030-01-15T12:00:00.000Z',
      status: 'paid',
      seller: { name: 'Blockhost', email: 'help@blockhost.test', url: 'https://play.example.test', address: '', country: null, taxId: '' },
      customer: { name: 'Test Customer', email: customer.email, country: 'US', postalCode: '94103', vatId: '', vatIdStatus: null },
      lines: [{ description: 'Minecraft 4GB server (1 month)', quantity: 1, unitCents: 1400, amountCents: 1400 }],
      subtotalCents: 1400,
      discountCents: 0,
      totalCents: 1400,
      tax: { inclusive: false, reverseCharge: false, netCents: 1400, lines: [], taxCents: 0, grossCents: 1400, note: null },
      method: 'Visa •••• 4242',
      refundedAt: null,
    });
  });

  it("answers 404 for another customer's invoice, and keeps it out of their history", async () => {
    const other = await createSignedInUser(t);
    const res = await get(t, `/api/invoices/${purchase.invoice.id}`, other.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.body).not.toContain(purchase.invoice.number);
    expect((await get(t, '/api/invoices', other.cookie)).json()).toEqual([]);
    expect((await get(t, '/api/billing', other.cookie)).json().stats.thisMonth).toBe(0);
    for (const id of ['not-a-uuid', crypto.randomUUID(), "1' or '1'='1"]) {
      expect((await get(t, `/api/invoices/${encodeURIComponent(id)}`, customer.cookie)).statusCode).toBe(404);
    }
  });

  it('shows credits in the balance and history, and a refund beside its charge', async () => {
    await addLedgerEntry(t.database.db, { currency: 'usd',
      userId: customer.id,
      amountCents: 2500,
      kind: 'staff_adjustment',
      reason: 'Sorry for the outage',
      createdAt: new Date('2030-01-16T09:00:00Z'),
    });
    clock.set(new Date('2030-01-17T10:00:00Z'));
    // The session cookie rotates as time passes; sign in again rather than follow it.
    customer.cookie = await signIn(t, customer);
    await t.app.refunds.refundOrder(purchase.order_id, 'Changed my mind');
    const overview = (await get(t, '/api/billing', customer.cookie)).json();
    expect(overview.stats.currentBalance).toBe(2500);
    expect(overview.stats.thisMonth).toBe(0);
    const history = (await get(t, '/api/invoices', customer.cookie)).json() as { kind: string; status: string; amountCents: number }[];
    expect(history.map((h) => [h.kind, h.status, h.amountCents])).toEqual([
      ['renewal', 'scheduled', 1400],
      ['refund', 'refunded', -1400],
      ['credit', 'paid', 2500],
      ['charge', 'refunded', 1400],
    ]);
    const invoice = (await get(t, `/api/invoices/${purchase.invoice.id}`, customer.cookie)).json();
    expect(invoice).toMatchObject({ status: 'refunded', refundedAt: '2030-01-17T10:00:00.000Z' });
  });

  it('counts this month by the calendar month', async () => {
    await buyWithLocalCard(t, customer.cookie, { choice: { kind: 'pack', pack: 'community-pack' } });
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.thisMonth).toBe(499);
    clock.set(new Date('2030-02-01T00:00:00Z'));
    customer.cookie = await signIn(t, customer);
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.thisMonth).toBe(0);
  });
});
