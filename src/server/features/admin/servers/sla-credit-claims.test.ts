import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, purchases, refunds, regionMoves, renewals, servers, statusDays, statusIncidents, tickets } from '../../../db/schema';
import { insertPaidServer } from '../../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../../test/test-app';

// The SLA credit's money and claim rules against the database (decision 081): refunds off the fee,
// the claim dated by its ticket or day, grants above the computed credit up to the cap, the
// location during a region move, and a server deleted in the month.

const US_NODE = 'node:sim-node-us-west';
const DAY_MS = 86_400_000;

/** Every day of a month with a check a minute; on `downOn` the node was down `downMinutes`. */
function monthDays(month: string, length: number, component: string, location: string, downOn: string, downMinutes = 1440) {
  return Array.from({ length }, (_, i) => {
    const day = `${month}-${String(i + 1).padStart(2, '0')}`;
    const down = day === downOn ? downMinutes : 0;
    return { component, day, label: `Node ${component}`, location, up: 1440 - down, degraded: 0, down };
  });
}

describe.each(dbKinds)('SLA credit claims and fees on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const staff = {} as Record<'admin' | 'billing', string>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let stranger: Awaited<ReturnType<typeof createSignedInUser>>;
  const created = new Date('2029-11-20T00:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    for (const role of ['admin', 'billing'] as const) staff[role] = (await createSignedInUser(t, { role })).cookie;
    customer = await createSignedInUser(t);
    stranger = await createSignedInUser(t);
    const db = t.database.db;
    await db.insert(statusDays).values([
      ...monthDays('2029-12', 31, US_NODE, 'us-west', '2029-12-10'),
      ...monthDays('2029-11', 30, 'node:ap-1', 'ap-south', '2029-11-25'),
      ...monthDays('2029-12', 31, 'node:sa-1', 'sa-east', '2029-12-10', 300),
      ...monthDays('2029-12', 31, 'node:other', 'us-east', '2029-12-10'),
    ]);
    // Six hours of maintenance on the 10th in us-west and sa-east, announced on the 1st.
    await db.insert(statusIncidents).values({
      id: randomUUID(),
      kind: 'maintenance',
      title: 'Network upgrade',
      state: 'completed',
      components: [],
      locations: ['us-west', 'sa-east'],
      startsAt: new Date('2029-12-10T00:00:00Z'),
      endsAt: new Date('2029-12-10T06:00:00Z'),
      createdAt: new Date('2029-12-01T00:00:00Z'),
    });
  });
  afterAll(async () => t?.close());

  const server = (name: string, location = 'us-west', at = created) => insertPaidServer(t.database.db, customer.id, { name, status: 'online', createdAt: at, location });
  const url = (id: string) => `/api/admin/servers/${id}/sla-credit`;
  const preview = async (id: string, month = '2029-12') => {
    const res = await t.app.inject({ method: 'GET', url: `${url(id)}?month=${month}`, headers: { cookie: staff.billing } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const grant = (id: string, payload: object, cookie = staff.billing) => t.app.inject({ method: 'POST', url: url(id), payload, headers: { cookie } });
  const auditOf = async (id: string) =>
    (await t.database.query<{ after: Record<string, unknown> }>("select after from audit_log where target_id = $1 and action = 'server.sla_credited'", [id])).map((r) => r.after);

  /** A refund of `cents` of an order's payment, made. */
  async function refund(orderId: string, cents: number) {
    const [purchase] = await t.database.db.select().from(purchases).where(eq(purchases.orderId, orderId));
    await t.database.db.insert(refunds).values({
      id: randomUUID(),
      purchaseId: purchase!.id,
      orderId,
      userId: customer.id,
      amountCents: cents,
      method: 'card',
      status: 'succeeded',
      reason: 'Goodwill',
      createdAt: new Date('2029-12-22T00:00:00Z'),
      completedAt: new Date('2029-12-22T00:00:00Z'),
    });
  }

  /** The renewal of 20 Dec-20 Jan, paid 1500 with its own order and purchase; `refunded` of it refunded. */
  async function renewal(s: { serverId: string; orderId: string }, refunded = 0) {
    const db = t.database.db;
    const [first] = await db.select().from(orders).where(eq(orders.id, s.orderId));
    const paidOrderId = randomUUID();
    const paidAt = new Date('2029-12-20T00:00:00Z');
    await db.insert(orders).values({ ...first!, id: paidOrderId, totalCents: 1500, subtotalCents: 1500, netCents: 1500, grossCents: 1500, providerSessionId: null, createdAt: paidAt, paidAt });
    await db.insert(purchases).values({ id: randomUUID(), userId: customer.id, orderId: paidOrderId, planName: 'Minecraft 4GB', amountCents: 1500, status: 'paid', provider: 'local', createdAt: paidAt });
    await db.insert(renewals).values({
      id: randomUUID(),
      serverId: s.serverId,
      userId: customer.id,
      orderId: s.orderId,
      paidOrderId,
      periodStart: paidAt,
      periodEnd: new Date('2030-01-20T00:00:00Z'),
      amountCents: 1500,
      status: 'paid',
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    if (refunded) await refund(paidOrderId, refunded);
  }

  it("takes a partly and a fully refunded renewal off the month's fee, and shows what was refunded", async () => {
    const first = (1400 * 19) / 30;
    const paid = Math.floor(first + (1500 * 12) / 31);

    const partly = await server('Partly Refunded');
    await renewal(partly, 750);
    const p = await preview(partly.serverId);
    const fee = Math.floor(first + (750 * 12) / 31);
    expect(p).toMatchObject({ paidCents: paid, feeCents: fee, refundedCents: paid - fee, capCents: fee, creditPercent: 25, computedCents: Math.floor(fee / 4) });

    const fully = await server('Fully Refunded');
    await renewal(fully, 1500);
    const f = await preview(fully.serverId);
    expect(f).toMatchObject({ paidCents: paid, feeCents: Math.floor(first), refundedCents: paid - Math.floor(first), computedCents: Math.floor(Math.floor(first) / 4) });

    const res = await grant(fully.serverId, { month: '2029-12', reason: 'Outage on the 10th' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().granted.amountCents).toBe(Math.floor(Math.floor(first) / 4));
    expect(await auditOf(fully.serverId)).toEqual([expect.objectContaining({ feeCents: Math.floor(first), refundedCents: paid - Math.floor(first) })]);
  });

  it('refuses with a clear message when everything paid for the month was refunded', async () => {
    const gone = await server('All Refunded');
    await refund(gone.orderId, 1400);
    await t.database.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, gone.orderId));
    await renewal(gone, 1500);
    const p = await preview(gone.serverId);
    expect(p).toMatchObject({ feeCents: 0, refundedCents: p.paidCents, computedCents: 0 });
    expect(p.paidCents).toBeGreaterThan(0);
    expect(p.refusal).toBe('What was paid for this server for December 2029 was refunded in full, so no credit is owed.');
    const res = await grant(gone.serverId, { month: '2029-12', reason: 'Outage', amountCents: 100 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(p.refusal);
    expect(await auditOf(gone.serverId)).toEqual([]);
  });

  describe('the claim, dated by its ticket or day (November 2029: claims until 2029-12-30)', () => {
    const ticket = async (userId: string, createdAt: Date, serverId: string | null = null) => {
      const id = randomUUID();
      await t.database.db.insert(tickets).values({ id, userId, subject: 'SLA credit for November', category: 'billing', serverId, createdAt, updatedAt: createdAt });
      return id;
    };
    const lastSecond = new Date('2029-12-30T23:59:59Z');
    const closed = new Date('2029-12-31T00:00:00Z');

    it('accepts a ticket opened in the last second of the window, and refuses one opened at its close', async () => {
      const inTime = await server('Claimed In Time', 'ap-south');
      expect(await preview(inTime.serverId, '2029-11')).toMatchObject({ claimWindowClosed: true, refusal: null, claimBy: '2029-12-30' });
      const ok = await grant(inTime.serverId, { month: '2029-11', reason: 'Ticket: outage on the 25th', ticketId: await ticket(customer.id, lastSecond, inTime.serverId) });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(await auditOf(inTime.serverId)).toEqual([expect.objectContaining({ claimedAt: lastSecond.toISOString() })]);

      const late = await server('Claimed Late', 'ap-south');
      const res = await grant(late.serverId, { month: '2029-11', reason: 'Ticket: outage', ticketId: await ticket(customer.id, closed) });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe('That ticket was opened after the claim window for November 2029 closed on 2029-12-30 (30 days after the month).');
      expect(await auditOf(late.serverId)).toEqual([]);
    });

    it('accepts a claim day staff give up to the last day of the window, not the day after', async () => {
      const late = await server('Claimed By Phone', 'ap-south');
      const after = await grant(late.serverId, { month: '2029-11', reason: 'Phoned', claimedOn: '2029-12-31' });
      expect(after.statusCode).toBe(409);
      expect(after.json().error.message).toBe('That claim was made after the claim window for November 2029 closed on 2029-12-30 (30 days after the month).');
      const onLastDay = await grant(late.serverId, { month: '2029-11', reason: 'Phoned', claimedOn: '2029-12-30' });
      expect(onLastDay.statusCode, onLastDay.body).toBe(201);
      expect(await auditOf(late.serverId)).toEqual([expect.objectContaining({ claimedAt: '2029-12-30T00:00:00.000Z', ticketId: null })]);
    });

    it("refuses another customer's ticket, a ticket about another server, and a claim day in the future, before the month ended, or both", async () => {
      const s = await server('Bad Claims', 'ap-south');
      const other = await server('Other Box', 'ap-south');
      const cases: [object, string][] = [
        [{ ticketId: await ticket(stranger.id, lastSecond) }, 'ticketId'],
        [{ ticketId: randomUUID() }, 'ticketId'],
        [{ ticketId: 'not-a-ticket' }, 'ticketId'],
        [{ ticketId: await ticket(customer.id, lastSecond, other.serverId) }, 'ticketId'],
        [{ ticketId: await ticket(customer.id, new Date('2029-10-31T23:00:00Z')) }, 'ticketId'],
        [{ claimedOn: '2030-01-16' }, 'claimedOn'],
        [{ claimedOn: '2029-11-30' }, 'claimedOn'],
        [{ claimedOn: '2029-02-30' }, 'claimedOn'],
        [{ claimedOn: '30/12/2029' }, 'claimedOn'],
        [{ claimedOn: '2029-12-30', ticketId: await ticket(customer.id, lastSecond) }, 'claimedOn'],
      ];
      for (const [claim, field] of cases) {
        const res = await grant(s.serverId, { month: '2029-11', reason: 'Claimed', ...claim });
        expect(res.statusCode, JSON.stringify(claim)).toBe(400);
        expect(res.json().error.fields, JSON.stringify(claim)).toHaveProperty(field);
      }
      expect(await auditOf(s.serverId)).toEqual([]);
    });
  });

  it('lets staff grant above the computed credit up to the cap when maintenance shared a day with down checks', async () => {
    const s = await server('Above Computed');
    const p = await preview(s.serverId);
    expect(p.measured.maintenanceDownDays).toEqual(['2029-12-10']);
    expect(p.capCents).toBe(p.feeCents);
    expect(p.computedCents).toBeLessThan(p.capCents);
    const over = await grant(s.serverId, { month: '2029-12', reason: 'The outage ran past the window', amountCents: p.capCents + 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toHaveProperty('amountCents');
    const res = await grant(s.serverId, { month: '2029-12', reason: 'The outage ran past the window', amountCents: p.capCents }, staff.admin);
    expect(res.statusCode, res.body).toBe(201);
    expect(await auditOf(s.serverId)).toEqual([expect.objectContaining({ computedCents: p.computedCents, amountCents: p.capCents, capCents: p.capCents })]);
    const [row] = await t.database.query<{ amount_cents: number; computed_cents: number }>('select amount_cents, computed_cents from sla_credits where server_id = $1', [s.serverId]);
    expect(row).toEqual({ amount_cents: p.capCents, computed_cents: p.computedCents });
  });

  it('does not refuse a month the rules give nothing for when maintenance shared a day with down checks, but asks for the amount', async () => {
    const s = await server('Hidden Outage', 'sa-east');
    const p = await preview(s.serverId);
    // The 300 down checks of the 10th all fall under the 6 hours of maintenance: 100% measured.
    expect(p).toMatchObject({ computedCents: 0, refusal: null, measured: { uptimePercent: 100, excludedDown: 300, maintenanceDownDays: ['2029-12-10'] } });
    const noAmount = await grant(s.serverId, { month: '2029-12', reason: 'Down after the window' });
    expect(noAmount.statusCode).toBe(400);
    expect(noAmount.json().error.fields).toHaveProperty('amountCents');
    const res = await grant(s.serverId, { month: '2029-12', reason: 'Down after the window', amountCents: 300 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().granted.amountCents).toBe(300);
  });

  it('does not pick a node on its own when the panel lists nodes of the location without checks', async () => {
    // us-east has checks only for node:other; the simulated panel lists its own node there.
    const s = await server('East Box', 'us-east');
    const p = await preview(s.serverId);
    expect(p).toMatchObject({ nodesWithoutChecks: 1, measured: null });
    expect(p.refusal).toBe('The panel lists 1 more node(s) in this location without checks: choose the node the server ran on.');
    const chosen = (await t.app.inject({ method: 'GET', url: `${url(s.serverId)}?month=2029-12&node=node:other`, headers: { cookie: staff.billing } })).json();
    expect(chosen).toMatchObject({ measured: { component: 'node:other' }, refusal: null });
  });

  describe('where the server was, and when it existed', () => {
    async function move(serverId: string, completedAt: Date) {
      await t.database.db.insert(regionMoves).values({
        id: randomUUID(),
        serverId,
        userId: customer.id,
        status: 'completed',
        fromLocation: 'us-west',
        fromLabel: 'US West',
        toLocation: 'eu-central',
        toLabel: 'EU Central',
        oldPanelServerId: 'old-1',
        catalogVersion: 1,
        periodStart: created,
        periodEnd: new Date(created.getTime() + 30 * DAY_MS),
        fromCents: 1400,
        toCents: 1400,
        amountCents: 0,
        grossCents: 0,
        createdAt: completedAt,
        updatedAt: completedAt,
        completedAt,
      });
    }

    it('measures at the old location when the move completed after the month, and at the new one when within it', async () => {
      const after = await server('Moved After', 'eu-central');
      await move(after.serverId, new Date('2030-01-05T00:00:00Z'));
      expect(await preview(after.serverId)).toMatchObject({ location: 'us-west', measured: { component: US_NODE } });
      const within = await server('Moved Within', 'eu-central');
      await move(within.serverId, new Date('2029-12-15T00:00:00Z'));
      const p = await preview(within.serverId);
      expect(p).toMatchObject({ location: 'eu-central', nodes: [], measured: null });
      expect(p.refusal).toContain('no measurements');
    });

    it('measures and prices a server deleted in the month only up to its deletion', async () => {
      const gone = await server('Deleted Box');
      await t.database.db.update(servers).set({ status: 'cancelled', deletedAt: new Date('2029-12-16T00:00:00Z') }).where(eq(servers.id, gone.serverId));
      const p = await preview(gone.serverId);
      // 1-16 December: 15 of the 30 days of the first period (1400).
      expect(p).toMatchObject({ feeCents: 700, measured: { expectedChecks: 15 * 1440, checks: 15 * 1440, down: 1440, excludedDown: 360 }, refusal: null });
    });

    it('counts only the hour of the creation day the server existed', async () => {
      const late = await server('Made At 23:00', 'us-west', new Date('2029-12-10T23:00:00Z'));
      const p = await preview(late.serverId);
      expect(p.measured).toMatchObject({ expectedChecks: 21 * 1440 + 60, checks: 21 * 1440 + 60, down: 60, excludedDown: 0 });
    });
  });
});
