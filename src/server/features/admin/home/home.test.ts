import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffHome } from '../../../../shared/schemas/admin/home';
import { orders, purchases, refunds, renewals, servers, tickets, users } from '../../../db/schema';
import type { ServerStatus } from '../../../db/schema/servers';
import { randomIds } from '../../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../../test/test-app';

const at = (iso: string) => new Date(iso);
const uuid = () => randomIds.uuid();

describe.each(dbKinds)('the staff home on %s', (kind) => {
  let t: TestContext;
  let cookie: string;
  const clock = manualClock(at('2030-01-15T12:00:00Z'));

  async function customer(createdAt: string, role: 'customer' | 'support' = 'customer') {
    const id = uuid();
    await t.database.db.insert(users).values({
      id,
      email: `home-${id}@example.test`,
      passwordHash: 'x',
      referralCode: id.slice(0, 8).toUpperCase(),
      role,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
    });
    return id;
  }

  /** A paid server order, its payment and its server in the given state. */
  async function sale(userId: string, o: { totalCents: number; months: number; paidAt: string; status: ServerStatus; currency?: string }) {
    const currency = o.currency ?? 'usd';
    const orderId = uuid();
    const purchaseId = uuid();
    const serverId = uuid();
    const paidAt = at(o.paidAt);
    await t.database.db.insert(orders).values({
      id: orderId,
      userId,
      kind: 'server',
      status: 'paid',
      months: o.months,
      planName: 'Minecraft 4GB',
      lines: [],
      subtotalCents: o.totalCents,
      totalCents: o.totalCents,
      netCents: o.totalCents,
      grossCents: o.totalCents,
      provider: 'local',
      currency,
      createdAt: paidAt,
      expiresAt: paidAt,
      paidAt,
    });
    await t.database.db.insert(purchases).values({
      id: purchaseId,
      userId,
      orderId,
      planName: 'Minecraft 4GB',
      amountCents: o.totalCents,
      provider: 'local',
      createdAt: paidAt,
    });
    await t.database.db.insert(servers).values({
      id: serverId,
      userId,
      orderId,
      name: 'srv',
      game: 'minecraft',
      planId: 'mc-4',
      planName: 'Minecraft 4GB',
      ramGb: 4,
      vcpu: 2,
      diskGb: 40,
      playerCap: 20,
      location: 'us-east',
      status: o.status,
      period: 'monthly',
      currency,
      renewsAt: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    return { orderId, purchaseId, serverId, userId };
  }

  async function refund(s: { orderId: string; purchaseId: string; userId: string }, amountCents: number, createdAt: string, status: 'succeeded' | 'failed' | 'pending', currency = 'usd') {
    await t.database.db.insert(refunds).values({
      currency,
      id: uuid(),
      purchaseId: s.purchaseId,
      orderId: s.orderId,
      userId: s.userId,
      amountCents,
      method: 'credit',
      status,
      reason: 'test',
      createdAt: at(createdAt),
    });
  }

  async function ticket(status: string, createdAt: string, lastCustomerReplyAt: string | null, subject: string) {
    const id = uuid();
    await t.database.db.insert(tickets).values({
      id,
      subject,
      category: 'technical',
      status,
      createdAt: at(createdAt),
      updatedAt: at(createdAt),
      lastCustomerReplyAt: lastCustomerReplyAt ? at(lastCustomerReplyAt) : null,
    });
    return id;
  }

  let oldestTicket = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    cookie = (await createSignedInUser(t, { role: 'support' })).cookie;

    const c1 = await customer('2030-01-15T01:00:00Z');
    const c2 = await customer('2030-01-09T00:00:00Z');
    const c3 = await customer('2030-01-08T23:59:59Z');
    await customer('2030-01-14T00:00:00Z', 'support');

    const s1 = await sale(c1, { totalCents: 3000, months: 1, paidAt: '2030-01-15T08:00:00Z', status: 'online' });
    const s2 = await sale(c2, { totalCents: 9000, months: 3, paidAt: '2030-01-01T10:00:00Z', status: 'suspended' });
    const s3 = await sale(c3, { totalCents: 1200, months: 1, paidAt: '2029-11-01T10:00:00Z', status: 'failed' });
    await sale(c3, { totalCents: 5000, months: 1, paidAt: '2029-06-01T10:00:00Z', status: 'cancelled' });
    await sale(c1, { totalCents: 1000, months: 1, paidAt: '2030-01-14T23:59:59Z', status: 'installing' });

    await refund(s2, 500, '2030-01-15T09:00:00Z', 'succeeded');
    // A sale in an extra currency: its own figures, never added to the dollars.
    const euros = await sale(c1, { totalCents: 2000, months: 2, paidAt: '2030-01-15T10:00:00Z', status: 'online', currency: 'eur' });
    await refund(euros, 400, '2030-01-15T11:00:00Z', 'succeeded', 'eur');
    await refund(s3, 1200, '2029-11-02T10:00:00Z', 'succeeded');
    await refund(s1, 700, '2030-01-15T09:30:00Z', 'failed');
    await refund(s1, 300, '2030-01-15T09:40:00Z', 'pending');

    await ticket('open', '2030-01-10T00:00:00Z', '2030-01-14T00:00:00Z', 'Answered then asked again');
    oldestTicket = await ticket('open', '2030-01-12T00:00:00Z', null, 'Nobody answered yet');
    await ticket('pending', '2030-01-01T00:00:00Z', null, 'Waiting on the customer');

    for (const [status, start] of [
      ['failed', '2030-01-01T00:00:00Z'],
      ['paid', '2029-12-01T00:00:00Z'],
    ] as const) {
      await t.database.db.insert(renewals).values({
        id: uuid(),
        serverId: s2.serverId,
        userId: c2,
        orderId: s2.orderId,
        periodStart: at(start),
        periodEnd: at(start),
        amountCents: 3000,
        status,
        createdAt: at(start),
        updatedAt: at(start),
      });
    }
  });
  afterAll(async () => t?.close());

  it('adds up the tiles from a small known dataset', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json() as StaffHome;
    expect(home.today).toBe('2030-01-15');
    expect(home.revenue).toEqual({ todayCents: 3000 - 500, last30DaysCents: 3000 + 9000 + 1000 - 500, last30DaysFrom: '2029-12-17', mrrCents: 3000 + 3000 + 1000 });
    expect(home.currency).toBe('usd');
    expect(home.currencies.map((c) => c.currency)).toEqual(['usd', 'eur']);
    expect(home.currencies[0]!.revenue).toEqual(home.revenue);
    expect(home.currencies[1]!.revenue).toEqual({ todayCents: 2000 - 400, last30DaysCents: 2000 - 400, last30DaysFrom: '2029-12-17', mrrCents: 1000 });
    expect(home.currencies[1]!.series.at(-1)).toEqual({ day: '2030-01-15', revenueCents: 2000, refundsCents: 400 });
    expect(home.newCustomers).toEqual({ last7Days: 2, since: '2030-01-09' });
    expect(home.serversByStatus).toEqual([
      { status: 'installing', count: 1 },
      { status: 'online', count: 2 },
      { status: 'suspended', count: 1 },
    ]);
    expect(home.tickets).toEqual({
      open: 2,
      oldestWaiting: { id: oldestTicket, subject: 'Nobody answered yet', waitingSince: '2030-01-12T00:00:00.000Z' },
    });
    expect(home.provisioningFailures).toBe(1);
    expect(home.dunningFailures).toBe(1);
  });

  it('draws 90 UTC days of revenue and refunds, with empty days as zero', async () => {
    const { series } = (await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie } })).json() as StaffHome;
    expect(series).toHaveLength(90);
    expect(series[0]!.day).toBe('2029-10-18');
    expect(series.at(-1)).toEqual({ day: '2030-01-15', revenueCents: 3000, refundsCents: 500 });
    expect(series.find((p) => p.day === '2030-01-14')).toEqual({ day: '2030-01-14', revenueCents: 1000, refundsCents: 0 });
    expect(series.find((p) => p.day === '2029-11-01')).toEqual({ day: '2029-11-01', revenueCents: 1200, refundsCents: 0 });
    expect(series.find((p) => p.day === '2029-11-02')).toEqual({ day: '2029-11-02', revenueCents: 0, refundsCents: 1200 });
    expect(series.reduce((sum, p) => sum + p.revenueCents, 0)).toBe(3000 + 9000 + 1200 + 1000);
    expect(new Set(series.map((p) => p.day)).size).toBe(90);
  });

  it('is closed to customers', async () => {
    const customerCookie = (await createSignedInUser(t)).cookie;
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/home', headers: { cookie: customerCookie } })).statusCode).toBe(403);
  });
});
