import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingBus } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { get, post } from './billing.fixtures';
import { addLedgerEntry, balanceCents, lockedBalanceCents } from '../../lib/credit-ledger';

describe.each(dbKinds)('staff credit adjustments on %s', (kind) => {
  let t: TestContext;
  const events = recordingBus();
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events } });
    admin = await createSignedInUser(t, { role: 'admin' });
    customer = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  const credit = (cookie: string | undefined, payload: object, userId = customer.id) =>
    post(t, `/api/admin/customers/${userId}/credit`, cookie, payload);

  it('lets support read the ledger, and only billing and admin change it', async () => {
    const support = await createSignedInUser(t, { role: 'support' });
    expect((await credit(undefined, { amountCents: 500, reason: 'Goodwill' })).statusCode).toBe(401);
    expect((await credit(customer.cookie, { amountCents: 500, reason: 'Goodwill' }, customer.id)).statusCode).toBe(403);
    expect((await credit(support.cookie, { amountCents: 500, reason: 'Goodwill' })).statusCode).toBe(403);
    expect((await get(t, `/api/admin/customers/${customer.id}/credit`, support.cookie)).statusCode).toBe(200);
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.currentBalance).toBe(0);
  });

  const audits = async () =>
    (await t.database.query<{ action: string; reason: string; actor_id: string; before: unknown; after: unknown }>(
      "select action, reason, actor_id, before, after from audit_log where target_id = $1 and action = 'customer.credit_adjusted' order by seq",
      [customer.id],
    ));

  it('adds credit with the reason and the staff member, and the customer sees it', async () => {
    const res = await credit(admin.cookie, { amountCents: 2500, reason: '  Outage on 3 March  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      entry: { amountCents: 2500, kind: 'staff_adjustment', reason: 'Outage on 3 March', createdBy: admin.id, createdByEmail: admin.email, referenceId: null },
      balanceCents: 2500,
      entries: [{ amountCents: 2500 }],
    });
    expect(events.published).toContainEqual({ userId: customer.id, event: { topic: 'billing', id: res.json().entry.id } });
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.currentBalance).toBe(2500);
    const history = (await get(t, '/api/invoices', customer.cookie)).json();
    expect(history).toMatchObject([{ kind: 'credit', description: 'Outage on 3 March', amountCents: 2500, status: 'paid', method: 'Account credit' }]);
    expect(await audits()).toEqual([
      {
        action: 'customer.credit_adjusted',
        reason: 'Outage on 3 March',
        actor_id: admin.id,
        before: { balanceCents: 0 },
        after: { balanceCents: 2500, amountCents: 2500, ledgerEntryId: res.json().entry.id },
      },
    ]);
  });

  it('takes credit back, but never below zero', async () => {
    expect((await credit(admin.cookie, { amountCents: -1000, reason: 'Correction' })).json().balanceCents).toBe(1500);
    // Whole minor units only: half a cent is refused, not rounded, and leaves no record.
    const fraction = await credit(admin.cookie, { amountCents: -0.5, reason: 'Half a cent' });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields).toEqual({ amountCents: "Enter a whole number of the shop currency's minor unit (cents; yen have none)" });
    const over = await credit(admin.cookie, { amountCents: -1501, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('The balance is $15.00; it cannot go below $0.00.');
    // The refused debit left no audit record; each accepted change has exactly one.
    expect((await audits()).map((a) => a.reason)).toEqual(['Outage on 3 March', 'Correction']);
    const detail = (await get(t, `/api/admin/customers/${customer.id}/credit`, admin.cookie)).json();
    expect(detail.balanceCents).toBe(1500);
    expect(detail.entries.map((e: { amountCents: number }) => e.amountCents)).toEqual([-1000, 2500]);
  });

  // On PostgreSQL the deduction runs on its own connection while the spend's transaction is open.
  // PGlite has one connection and runs one transaction at a time, so there the deduction simply
  // waits its turn; the test still checks the outcome.
  it('a deduction racing a spend of the same credit waits for it: the balance never goes below zero', async () => {
    const other = await createSignedInUser(t);
    expect((await credit(admin.cookie, { amountCents: 1000, reason: 'Goodwill' }, other.id)).statusCode).toBe(201);
    let deduction: ReturnType<typeof credit> | undefined;
    await t.database.db.transaction(async (tx) => {
      // The spend, as renewals, upgrades and moves pay from the balance: lock, read, book.
      const balance = await lockedBalanceCents(tx, other.id, 'usd');
      expect(balance).toBe(1000);
      deduction = credit(admin.cookie, { amountCents: -1000, reason: 'Taken back' }, other.id);
      // Time for the deduction to read the balance and commit, were it not held by the lock.
      await Promise.race([deduction, sleep(400)]);
      await addLedgerEntry(tx, { currency: 'usd', userId: other.id, amountCents: -balance, kind: 'credit_applied', reason: 'Applied to an invoice', referenceId: crypto.randomUUID() });
    });
    const refused = await deduction!;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe('The balance is $0.00; it cannot go below $0.00.');
    expect(await balanceCents(t.database.db, other.id, 'usd')).toBe(0);
  });

  it('checks the amount and reason, and the customer', async () => {
    for (const body of [
      { amountCents: 0, reason: 'Goodwill' },
      { amountCents: 12.5, reason: 'Goodwill' },
      { amountCents: 500, reason: ' ' },
      { amountCents: 500, reason: ' ab ' },
      { amountCents: 500, reason: 'x'.repeat(501) },
      { amountCents: 100_000_001, reason: 'Goodwill' },
      { reason: 'Goodwill' },
      { amountCents: 500 },
    ]) {
      const res = await credit(admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await credit(admin.cookie, { amountCents: 500, reason: 'Goodwill' }, crypto.randomUUID())).statusCode).toBe(404);
    expect((await credit(admin.cookie, { amountCents: 500, reason: 'Goodwill' }, 'nobody')).statusCode).toBe(404);
    expect((await get(t, `/api/admin/customers/${crypto.randomUUID()}/credit`, admin.cookie)).statusCode).toBe(404);
  });
});
