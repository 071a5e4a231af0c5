import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLog, orders, tickets } from '../../db/schema';
import { buyWithLocalCard } from '../billing/billing.fixtures';
import { minecraftChoice } from '../checkout/checkout.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('GET /api/overview on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/overview' });
    expect(res.statusCode).toBe(401);
  });

  it('counts only the signed-in user\'s rows', async () => {
    const me = await createSignedInUser(t);
    const other = await createSignedInUser(t);
    const now = new Date();
    const ticket = (userId: string, status: string) => ({
      id: crypto.randomUUID(),
      userId,
      subject: 'Lag',
      category: 'technical',
      status,
      createdAt: now,
      updatedAt: now,
    });
    await t.database.db.insert(tickets).values([ticket(me.id, 'open'), ticket(me.id, 'resolved'), ticket(other.id, 'open')]);
    await t.database.db.insert(activityLog).values([
      { id: crypto.randomUUID(), userId: me.id, kind: 'ticket', message: 'Mine', createdAt: now },
      { id: crypto.randomUUID(), userId: other.id, kind: 'ticket', message: 'Theirs', createdAt: now },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: me.cookie } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.stats).toEqual({ activeServers: 0, spent: [], supportTickets: 2, openTickets: 1, referrals: 0 });
    expect(body.activity.map((a: { message: string }) => a.message)).toEqual(['Mine']);
  });

  it('totals what was spent per currency, never adding euros to dollars', async () => {
    const me = await createSignedInUser(t);
    await buyWithLocalCard(t, me.cookie);
    const euros = await buyWithLocalCard(t, me.cookie, { choice: { ...minecraftChoice, plan: 'minecraft-2gb' } });
    await t.database.db.update(orders).set({ currency: 'eur' }).where(eq(orders.id, euros.order_id));
    const body = (await t.app.inject({ method: 'GET', url: '/api/overview', headers: { cookie: me.cookie } })).json();
    expect(body.stats.spent).toEqual([
      { currency: 'usd', cents: 1400 },
      { currency: 'eur', cents: euros.invoice.grossCents },
    ]);
  });
});
