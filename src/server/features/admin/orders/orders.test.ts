import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissions, creditNotes, invoices, localCheckoutSessions, orders, purchases, refunds, servers, users } from '../../../db/schema';
import { defaultBusinessRules } from '../../../../shared/business-rules';
import { buyWithLocalCard, get, post } from '../../billing/billing.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext, type TestUser } from '../../../test/test-app';

type Staff = TestUser & { cookie: string };

describe.each(dbKinds)('staff orders, invoices and refunds on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-03-10T12:00:00Z'));
  const staff = {} as Record<'admin' | 'billing' | 'support', Staff>;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    for (const role of ['admin', 'billing', 'support'] as const) staff[role] = await createSignedInUser(t, { role });
  });
  afterAll(async () => t?.close());

  const refund = (orderId: string, body: object, who: Staff = staff.billing) => post(t, `/api/admin/orders/${orderId}/refunds`, who.cookie, body);
  const order = async (orderId: string) => {
    const res = await get(t, `/api/admin/orders/${orderId}`, staff.support.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const audits = (targetId: string) =>
    t.database.query<{ action: string; reason: string | null; actor_email: string; after: Record<string, unknown> | null }>(
      'select action, reason, actor_email, after from audit_log where target_id = $1 order by seq',
      [targetId],
    );
  async function customerWithOrder(choice?: object) {
    const customer = await createSignedInUser(t);
    const bought = await buyWithLocalCard(t, customer.cookie, choice ? { choice } : {});
    return { customer, ...bought };
  }

  it('refunds half to credit: a credit note, the balance, the ledger, the audit record, and the invoice untouched', async () => {
    const { customer, order_id, invoice } = await customerWithOrder();
    const res = await refund(order_id, { amountCents: 700, method: 'credit', reason: ' Lag during the first evening ' });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail).toMatchObject({
      status: 'partially_refunded',
      refundedCents: 700,
      refundable: { totalCents: 700, cardCents: 700, withinWindow: true },
      refunds: [{ amountCents: 700, method: 'credit', status: 'succeeded', reason: 'Lag during the first evening', createdBy: staff.billing.email }],
    });
    const note = detail.refunds[0].creditNote;
    expect(note.number).toMatch(/^CN-\d{6}$/);

    const [untouched] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(untouched).toEqual(invoice);

    const overview = (await get(t, '/api/billing', customer.cookie)).json();
    expect(overview.stats.currentBalance).toBe(700);
    const mine = await get(t, `/api/credit-notes/${note.id}`, customer.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ number: note.number, amountCents: 700, method: 'credit', reason: 'Lag during the first evening', invoice: { id: invoice.id, number: invoice.number } });
    const invoicePage = (await get(t, `/api/invoices/${invoice.id}`, customer.cookie)).json();
    expect(invoicePage).toMatchObject({ status: 'paid', creditNotes: [{ id: note.id, number: note.number, amountCents: 700 }] });
    const history = (await get(t, '/api/invoices', customer.cookie)).json() as { kind: string; creditNoteId: string | null; amountCents: number }[];
    expect(history.find((h) => h.kind === 'credit')).toMatchObject({ amountCents: 700, creditNoteId: note.id });

    const stranger = await createSignedInUser(t);
    expect((await get(t, `/api/credit-notes/${note.id}`, stranger.cookie)).statusCode).toBe(404);

    expect(await audits(order_id)).toEqual([
      { action: 'order.refunded', reason: 'Lag during the first evening', actor_email: staff.billing.email, after: expect.objectContaining({ amountCents: 700, method: 'credit', creditNote: note.number, refundedCents: 700 }) },
    ]);
  });

  it('refuses more than is left, and more to the card than the card paid, with no record', async () => {
    const { order_id } = await customerWithOrder();
    expect((await refund(order_id, { amountCents: 1000, method: 'credit', reason: 'First part' })).statusCode).toBe(200);
    const tooMuch = await refund(order_id, { amountCents: 401, method: 'card', reason: 'Second part' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('That is more than is left to refund. At most $4.00 can be refunded.');
    const bad = await refund(order_id, { amountCents: 0, method: 'card', reason: '' });
    expect(bad.statusCode).toBe(400);
    // Amounts arrive in whole minor units: a fraction of a cent (or of a yen) is refused, never rounded.
    const fraction = await refund(order_id, { amountCents: 12.5, method: 'credit', reason: 'Half a cent' });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields).toMatchObject({ amountCents: "Enter a whole number of the order currency's minor unit (cents; yen have none)" });
    expect((await refund(order_id, { amountCents: 400, method: 'card', reason: 'The rest' })).statusCode).toBe(200);
    const again = await refund(order_id, { amountCents: 1, method: 'credit', reason: 'One more' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is already fully refunded.');
    const detail = await order(order_id);
    expect(detail).toMatchObject({ status: 'refunded', refundedCents: 1400, refundable: { totalCents: 0, cardCents: 0 } });
    expect((await audits(order_id)).map((a) => a.action)).toEqual(['order.refunded', 'order.refunded']);
    const [session] = await t.database.db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.orderId, order_id));
    expect(session?.refundedCents).toBe(400);
  });

  it('never refunds more than was paid, even with refunds racing', async () => {
    const { order_id } = await customerWithOrder();
    const results = await Promise.all(
      [900, 900, 500, 500, 300].map((amountCents, i) => refund(order_id, { amountCents, method: i % 2 ? 'credit' : 'card', reason: `Race ${i}` }, i % 2 ? staff.admin : staff.billing)),
    );
    for (const r of results) expect([200, 409], r.body).toContain(r.statusCode);
    const accepted = results.flatMap((r, i) => (r.statusCode === 200 ? [[900, 900, 500, 500, 300][i]!] : []));
    const rows = await t.database.db.select().from(refunds).where(eq(refunds.orderId, order_id));
    const total = rows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0);
    expect(total).toBe(accepted.reduce((a, b) => a + b, 0));
    expect(total).toBeLessThanOrEqual(1400);
    expect(accepted.length).toBeGreaterThan(0);
    const notes = await t.database.db.select().from(creditNotes).where(eq(creditNotes.invoiceId, rows[0]!.invoiceId!));
    expect(notes).toHaveLength(accepted.length);
    expect((await audits(order_id)).filter((a) => a.action === 'order.refunded')).toHaveLength(accepted.length);
  });

  it('a card refund the provider refuses is marked failed, changes nothing else, and says so in the audit log', async () => {
    const { order_id, customer } = await customerWithOrder();
    const original = t.app.payments.refund;
    t.app.payments.refund = async () => {
      throw new Error('charge_already_refunded');
    };
    const res = await refund(order_id, { amountCents: 500, method: 'card', reason: 'Try the card' }).finally(() => {
      t.app.payments.refund = original;
    });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toContain('nothing was refunded');
    const detail = await order(order_id);
    expect(detail).toMatchObject({ status: 'paid', refundedCents: 0, refunds: [{ status: 'failed', creditNote: null }] });
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.currentBalance).toBe(0);
    expect((await audits(order_id)).map((a) => a.action)).toEqual(['order.refund_failed']);
  });

  it('support can read orders but not refund; a customer cannot read them', async () => {
    const { order_id, customer } = await customerWithOrder();
    expect((await refund(order_id, { amountCents: 100, method: 'credit', reason: 'No' }, staff.support)).statusCode).toBe(403);
    expect((await get(t, `/api/admin/orders/${order_id}`, customer.cookie)).statusCode).toBe(403);
    expect((await get(t, '/api/admin/orders/not-a-uuid', staff.support.cookie)).statusCode).toBe(404);
    expect(await audits(order_id)).toEqual([]);
  });

  it('cancels the service with a refund inside the 48-hour window, and not after it', async () => {
    const inside = await customerWithOrder();
    const [server] = await t.database.db.select().from(servers).where(eq(servers.orderId, inside.order_id));
    await t.database.db.update(servers).set({ status: 'online' }).where(eq(servers.id, server!.id));
    const detail = await order(inside.order_id);
    expect(detail.refundable.canCancelService).toBe(true);
    const res = await refund(inside.order_id, { amountCents: 1400, method: 'card', reason: 'Not what they needed', cancelService: true }, staff.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refunded', server: { status: 'cancelled' } });
    expect((await audits(inside.order_id)).map((a) => a.action)).toEqual(['order.refunded']);
    expect((await audits(server!.id)).map((a) => a.action)).toEqual(['server.deleted']);

    const late = await customerWithOrder();
    const [lateServer] = await t.database.db.select().from(servers).where(eq(servers.orderId, late.order_id));
    await t.database.db.update(servers).set({ status: 'online' }).where(eq(servers.id, lateServer!.id));
    await t.database.db.update(purchases).set({ createdAt: new Date(clock.now().getTime() - 49 * 3600_000) }).where(eq(purchases.orderId, late.order_id));
    expect((await order(late.order_id)).refundable).toMatchObject({ withinWindow: false, canCancelService: false });
    const refused = await refund(late.order_id, { amountCents: 100, method: 'credit', reason: 'Too late', cancelService: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('48-hour');
    expect(await audits(late.order_id)).toEqual([]);
  });

  it('follows the refund window set in Settings → Business rules: 72 hours opens a 49-hour-old order again', async () => {
    const { order_id } = await customerWithOrder();
    const [server] = await t.database.db.select().from(servers).where(eq(servers.orderId, order_id));
    await t.database.db.update(servers).set({ status: 'online' }).where(eq(servers.id, server!.id));
    await t.database.db.update(purchases).set({ createdAt: new Date(clock.now().getTime() - 49 * 3600_000) }).where(eq(purchases.orderId, order_id));
    expect((await order(order_id)).refundable).toMatchObject({ windowHours: 48, withinWindow: false, canCancelService: false });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/business-rules',
      headers: { cookie: staff.admin.cookie },
      payload: { ...defaultBusinessRules, refundWindowHours: 72, reason: 'Three-day money-back promise' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await order(order_id)).refundable).toMatchObject({ windowHours: 72, withinWindow: true, canCancelService: true });
    const reset = { ...defaultBusinessRules, reason: 'Back to 48 hours' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/settings/business-rules', headers: { cookie: staff.admin.cookie }, payload: reset })).statusCode).toBe(200);
  });

  it('lowers the referrer commission on a partial refund and reverses it on the rest', async () => {
    const referrer = await createSignedInUser(t);
    const { customer, order_id } = await customerWithOrder();
    await t.database.db.update(users).set({ referredByUserId: referrer.id }).where(eq(users.id, customer.id));
    // The purchase was made before the referral was set: book its commission as the payment would have.
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, order_id));
    await t.database.db.insert(commissions).values({
      id: crypto.randomUUID(),
      referrerUserId: referrer.id,
      customerUserId: customer.id,
      purchaseId: purchase!.id,
      planName: purchase!.planName,
      paymentCents: 1400,
      ratePercent: 25,
      currency: 'usd',
      amountCents: 350,
      status: 'pending',
      payableAt: new Date(clock.now().getTime() + 48 * 3600_000),
      createdAt: clock.now(),
    });
    expect((await refund(order_id, { amountCents: 400, method: 'credit', reason: 'Part' })).statusCode).toBe(200);
    const [lowered] = await t.database.db.select().from(commissions).where(eq(commissions.purchaseId, purchase!.id));
    expect(lowered).toMatchObject({ amountCents: 250, status: 'pending' });
    expect((await refund(order_id, { amountCents: 1000, method: 'card', reason: 'Rest' })).statusCode).toBe(200);
    const [reversed] = await t.database.db.select().from(commissions).where(eq(commissions.purchaseId, purchase!.id));
    expect(reversed?.status).toBe('reversed');
  });

  it('lists and filters orders and invoices, and exports them as CSV', async () => {
    const shopper = await createSignedInUser(t, { email: `csv-${Date.now()}@example.test` });
    const server = await buyWithLocalCard(t, shopper.cookie);
    const pack = await buyWithLocalCard(t, shopper.cookie, { choice: { kind: 'pack', pack: 'community-pack' } });
    await refund(server.order_id, { amountCents: 200, method: 'credit', reason: 'Goodwill' });
    const q = encodeURIComponent(shopper.email);

    const list = (await get(t, `/api/admin/orders?q=${q}`, staff.support.cookie)).json();
    expect(list.total).toBe(2);
    expect(new Set(list.items.map((o: { id: string }) => o.id))).toEqual(new Set([pack.order_id, server.order_id]));
    const partial = (await get(t, `/api/admin/orders?q=${q}&status=partially_refunded`, staff.support.cookie)).json();
    expect(partial.items).toEqual([expect.objectContaining({ id: server.order_id, refundedCents: 200, status: 'partially_refunded', invoice: { id: server.invoice.id, number: server.invoice.number } })]);
    const cheap = (await get(t, `/api/admin/orders?q=${q}&maxCents=500&game=`, staff.support.cookie)).json();
    expect(cheap.items.map((o: { id: string }) => o.id)).toEqual([pack.order_id]);
    // An amount compares only within one currency: the shop's unless another is chosen.
    await t.database.db.update(orders).set({ currency: 'eur' }).where(eq(orders.id, pack.order_id));
    const cheapUsd = (await get(t, `/api/admin/orders?q=${q}&maxCents=500`, staff.support.cookie)).json();
    expect(cheapUsd.items).toEqual([]);
    const cheapEur = (await get(t, `/api/admin/orders?q=${q}&maxCents=500&currency=EUR`, staff.support.cookie)).json();
    expect(cheapEur.items.map((o: { id: string }) => o.id)).toEqual([pack.order_id]);
    const inEuros = (await get(t, `/api/admin/orders?q=${q}&currency=eur`, staff.support.cookie)).json();
    expect(inEuros.items.map((o: { id: string }) => o.id)).toEqual([pack.order_id]);
    expect((await get(t, `/api/admin/orders?q=${q}&currency=xyz`, staff.support.cookie)).statusCode).toBe(400);
    await t.database.db.update(orders).set({ currency: 'usd' }).where(eq(orders.id, pack.order_id));
    const minecraft = (await get(t, `/api/admin/orders?q=${q}&game=minecraft&provider=local`, staff.support.cookie)).json();
    expect(minecraft.items.map((o: { id: string }) => o.id)).toEqual([server.order_id]);
    const byInvoice = (await get(t, `/api/admin/orders?q=${server.invoice.number.toLowerCase()}`, staff.support.cookie)).json();
    expect(byInvoice.items.map((o: { id: string }) => o.id)).toEqual([server.order_id]);
    const future = (await get(t, `/api/admin/orders?q=${q}&from=2031-01-01`, staff.support.cookie)).json();
    expect(future.total).toBe(0);
    const sorted = (await get(t, `/api/admin/orders?q=${q}&sort=amount_asc&pageSize=1&page=2`, staff.support.cookie)).json();
    expect(sorted).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [expect.objectContaining({ id: server.order_id })] });
    const badDate = await get(t, '/api/admin/orders?from=yesterday', staff.support.cookie);
    expect(badDate.statusCode).toBe(400);

    const inv = (await get(t, `/api/admin/invoices?q=${q}&status=partially_refunded`, staff.support.cookie)).json();
    expect(inv.items).toEqual([expect.objectContaining({ id: server.invoice.id, refundedCents: 200, orderId: server.order_id, provider: 'local' })]);

    const csv = await get(t, `/api/admin/orders/export.csv?q=${q}&sort=amount_asc`, staff.support.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Order ID,Created (UTC),Paid (UTC),Status,Customer,Kind,Plan,Game,Provider,Currency,Total,Refunded,Invoice,Renewal');
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain(`${server.order_id},`);
    expect(lines[2]).toContain(',partially_refunded,');
    expect(lines[2]).toContain(',USD,14.00,2.00,');
    const invCsv = await get(t, `/api/admin/invoices/export.csv?q=${q}`, staff.support.cookie);
    expect(invCsv.body.split('\r\n')[0]).toBe('Invoice,Issued (UTC),Status,Customer,Description,Game,Provider,Currency,Total,Refunded,Order ID');
  });
});
