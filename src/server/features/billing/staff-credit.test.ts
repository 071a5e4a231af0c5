import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingBus } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { get, post } from './billing.fixtures';

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
    post(t, `/api/admin/users/${userId}/credit`, cookie, payload);

  it('lets support read the ledger, and only billing and admin change it', async () => {
    const support = await createSignedInUser(t, { role: 'support' });
    expect((await credit(undefined, { amountCents: 500, reason: 'x' })).statusCode).toBe(401);
    expect((await credit(customer.cookie, { amountCents: 500, reason: 'x' }, customer.id)).statusCode).toBe(403);
    expect((await credit(support.cookie, { amountCents: 500, reason: 'x' })).statusCode).toBe(403);
    expect((await get(t, `/api/admin/users/${customer.id}/credit`, support.cookie)).statusCode).toBe(200);
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.currentBalance).toBe(0);
  });

  it('adds credit with the reason and the staff member, and the customer sees it', async () => {
    const res = await credit(admin.cookie, { amountCents: 2500, reason: '  Outage on 3 March  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      entry: { amountCents: 2500, kind: 'staff_adjustment', reason: 'Outage on 3 March', createdBy: admin.id, referenceId: null },
      balanceCents: 2500,
      entries: [{ amountCents: 2500 }],
    });
    expect(events.published).toContainEqual({ userId: customer.id, event: { topic: 'billing', id: res.json().entry.id } });
    expect((await get(t, '/api/billing', customer.cookie)).json().stats.currentBalance).toBe(2500);
    const history = (await get(t, '/api/invoices', customer.cookie)).json();
    expect(history).toMatchObject([{ kind: 'credit', description: 'Outage on 3 March', amountCents: 2500, status: 'paid', method: 'Account credit' }]);
  });

  it('takes credit back, but never below zero', async () => {
    expect((await credit(admin.cookie, { amountCents: -1000, reason: 'Correction' })).json().balanceCents).toBe(1500);
    const over = await credit(admin.cookie, { amountCents: -1501, reason: 'Too much' });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe('The balance is $15.00; it cannot go below $0.00.');
    const detail = (await get(t, `/api/admin/users/${customer.id}/credit`, admin.cookie)).json();
    expect(detail.balanceCents).toBe(1500);
    expect(detail.entries.map((e: { amountCents: number }) => e.amountCents)).toEqual([-1000, 2500]);
  });

  it('checks the amount and reason, and the customer', async () => {
    for (const body of [{ amountCents: 0, reason: 'x' }, { amountCents: 12.5, reason: 'x' }, { amountCents: 500, reason: ' ' }, { amountCents: 100_000_001, reason: 'x' }, { reason: 'x' }]) {
      const res = await credit(admin.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await credit(admin.cookie, { amountCents: 500, reason: 'x' }, crypto.randomUUID())).statusCode).toBe(404);
    expect((await credit(admin.cookie, { amountCents: 500, reason: 'x' }, 'nobody')).statusCode).toBe(404);
    expect((await get(t, `/api/admin/users/${crypto.randomUUID()}/credit`, admin.cookie)).statusCode).toBe(404);
  });
});
