import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewals, statusDays, statusIncidents } from '../../../db/schema';
import { insertPaidServer } from '../../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../../test/test-app';

/** The simulated panel's node of us-west (one per catalog location). */
const US_NODE = 'node:sim-node-us-west';

/** Every day of December 2029 with a check a minute; on the 10th the node was down all day. */
function december(component: string, location: string, downOn = '2029-12-10') {
  return Array.from({ length: 31 }, (_, i) => {
    const day = `2029-12-${String(i + 1).padStart(2, '0')}`;
    return { component, day, label: `Node ${component}`, location, up: day === downOn ? 0 : 1440, degraded: 0, down: day === downOn ? 1440 : 0 };
  });
}

describe.each(dbKinds)('SLA credits on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  const staff = {} as Record<'admin' | 'billing' | 'support', string>;
  let customer: Awaited<ReturnType<typeof createSignedInUser>>;
  let serverId = '';

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    for (const role of ['admin', 'billing', 'support'] as const) staff[role] = (await createSignedInUser(t, { role })).cookie;
    customer = await createSignedInUser(t);
    const db = t.database.db;
    // Bought 20 Nov (1400 for 20 Nov-20 Dec), renewed 20 Dec (1500 for 20 Dec-20 Jan).
    const created = new Date('2029-11-20T00:00:00Z');
    const server = await insertPaidServer(db, customer.id, { name: 'Creeper Valley', status: 'online', createdAt: created, location: 'us-west' });
    serverId = server.serverId;
    await db.insert(renewals).values({
      id: randomUUID(),
      serverId,
      userId: customer.id,
      orderId: server.orderId,
      periodStart: new Date('2029-12-20T00:00:00Z'),
      periodEnd: new Date('2030-01-20T00:00:00Z'),
      amountCents: 1500,
      status: 'paid',
      createdAt: created,
      updatedAt: created,
    });
    await db.insert(statusDays).values(december(US_NODE, 'us-west'));
    // Six hours of the outage day were announced maintenance (posted on the 1st).
    await db.insert(statusIncidents).values({
      id: randomUUID(),
      kind: 'maintenance',
      title: 'Network upgrade',
      state: 'completed',
      components: [],
      locations: ['us-west'],
      startsAt: new Date('2029-12-10T00:00:00Z'),
      endsAt: new Date('2029-12-10T06:00:00Z'),
      createdAt: new Date('2029-12-01T00:00:00Z'),
    });
  });
  afterAll(async () => t?.close());

  const url = (id = serverId) => `/api/admin/servers/${id}/sla-credit`;
  const preview = (month: string, role: keyof typeof staff = 'support', id = serverId, extra = '') =>
    t.app.inject({ method: 'GET', url: `${url(id)}?month=${month}${extra}`, headers: { cookie: staff[role] } });
  const grant = (payload: object, cookie: string = staff.billing, id = serverId) => t.app.inject({ method: 'POST', url: url(id), payload, headers: { cookie } });
  const audits = () =>
    t.database.query<{ action: string; reason: string; actor_role: string; after: Record<string, unknown> }>(
      "select action, reason, actor_role, after from audit_log where target_id = $1 and action = 'server.sla_credited' order by seq",
      [serverId],
    );

  it("shows staff the month's measured uptime, the fee paid for it and the credit the rules give", async () => {
    const res = await preview('2029-12');
    expect(res.statusCode, res.body).toBe(200);
    // 19 of 30 days of the first period (1400) and 12 of 31 days of the renewal (1500), rounded down.
    const fee = Math.floor((1400 * 19) / 30 + (1500 * 12) / 31);
    expect(res.json()).toMatchObject({
      serverName: 'Creeper Valley',
      location: 'us-west',
      currency: 'usd',
      feeCents: fee,
      paidCents: fee,
      refundedCents: 0,
      capCents: fee,
      claimWindowClosed: false,
      nodesWithoutChecks: 0,
      measured: { component: US_NODE, checks: 31 * 1440, down: 1440, excludedDown: 360, expectedChecks: 31 * 1440, maintenanceDownDays: ['2029-12-10'] },
      creditPercent: 25,
      computedCents: Math.floor(fee / 4),
      claimBy: '2030-01-30',
      maintenance: [{ title: 'Network upgrade' }],
      refusal: null,
      granted: null,
    });
    expect(res.json().measured.uptimePercent).toBe(Math.floor((30 * 1440 * 10_000) / (31 * 1440 - 360)) / 100);
  });

  it('checks the input: month format, reason, amount, and the server', async () => {
    for (const month of ['2029-13', '2029-1', 'december', '', '0000-01', '9999-12', '1999-12', '2100-01']) {
      const res = await preview(month);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().error.fields).toHaveProperty('month');
    }
    const badMonth = await grant({ month: '12/2029', reason: 'Outage on the 10th' });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().error.fields).toHaveProperty('month');
    const noReason = await grant({ month: '2029-12' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toHaveProperty('reason');
    expect((await grant({ month: '2029-12', reason: '  ' })).statusCode).toBe(400);
    const zero = await grant({ month: '2029-12', reason: 'Outage on the 10th', amountCents: 0 });
    expect(zero.json().error.fields).toHaveProperty('amountCents');
    const over = await grant({ month: '2029-12', reason: 'Outage on the 10th', amountCents: 100_000 }, staff.admin);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields).toHaveProperty('amountCents');
    const badNode = await preview('2029-12', 'support', serverId, '&node=node:elsewhere');
    expect(badNode.statusCode).toBe(400);
    expect(badNode.json().error.fields).toHaveProperty('node');
    expect((await preview('2029-12', 'support', randomUUID())).statusCode).toBe(404);
    expect((await grant({ month: '2029-12', reason: 'Outage on the 10th' }, staff.billing, randomUUID())).statusCode).toBe(404);
    expect((await grant({ month: '2029-12', reason: 'Outage on the 10th' }, staff.billing, 'nobody')).statusCode).toBe(404);
    expect(await audits()).toEqual([]);
  });

  it('lets only billing and admin grant, and support and customers only be refused', async () => {
    expect((await grant({ month: '2029-12', reason: 'Outage on the 10th' }, staff.support)).statusCode).toBe(403);
    expect((await grant({ month: '2029-12', reason: 'Outage on the 10th' }, customer.cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${url()}?month=2029-12`, headers: { cookie: customer.cookie } })).statusCode).toBe(403);
    expect(await audits()).toEqual([]);
  });

  it('refuses a month not over, one whose claim window passed, and one the server did not exist in', async () => {
    const notOver = await grant({ month: '2030-01', reason: 'Outage' });
    expect(notOver.statusCode).toBe(409);
    expect(notOver.json().error.message).toContain('not over yet');
    const late = await grant({ month: '2029-11', reason: 'Outage' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'The claim window for November 2029 closed on 2029-12-30 (30 days after the month): give the ticket the customer claimed on, or the day they claimed, if it was in time.',
    );
    expect((await preview('2029-11')).json()).toMatchObject({ claimWindowClosed: true, claimBy: '2029-12-30' });
    const newer = await insertPaidServer(t.database.db, customer.id, { name: 'New Box', status: 'online', createdAt: new Date('2030-01-05T00:00:00Z') });
    const before = await grant({ month: '2029-12', reason: 'Outage' }, staff.billing, newer.serverId);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.message).toContain('did not exist');
    expect(await audits()).toEqual([]);
  });

  it('grants nothing without measurements, and asks which node when several serve the location', async () => {
    const far = await insertPaidServer(t.database.db, customer.id, { name: 'Far Box', status: 'online', createdAt: new Date('2029-11-20T00:00:00Z'), location: 'eu-central' });
    const none = await grant({ month: '2029-12', reason: 'Outage' }, staff.billing, far.serverId);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toContain('no measurements');
    await t.database.db.insert(statusDays).values([...december('node:eu-1', 'eu-central'), ...december('node:eu-2', 'eu-central', 'none')]);
    const both = (await preview('2029-12', 'support', far.serverId)).json();
    expect(both.nodes.map((n: { component: string }) => n.component)).toEqual(['node:eu-1', 'node:eu-2']);
    expect(both.refusal).toBe('Several nodes serve this location: choose the one the server ran on.');
    const healthy = (await preview('2029-12', 'support', far.serverId, '&node=node:eu-2')).json();
    expect(healthy).toMatchObject({ measured: { uptimePercent: 100 }, computedCents: 0 });
    expect(healthy.refusal).toContain('earns no credit');
    const hit = (await preview('2029-12', 'support', far.serverId, '&node=node:eu-1')).json();
    expect(hit).toMatchObject({ creditPercent: 25, refusal: null });
  });

  it('grants the credit once to the owner, audited, and the customer sees it named in their language', async () => {
    const expected = (await preview('2029-12')).json();
    const res = await grant({ month: '2029-12', reason: '  Ticket 42: node outage on the 10th  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ granted: { amountCents: expected.computedCents, reason: 'Ticket 42: node outage on the 10th' } });
    expect(res.json().refusal).toContain('already granted');
    const rows = await t.database.query<{ kind: string; amount_cents: number; currency: string }>(
      'select kind, amount_cents, currency from credit_ledger where user_id = $1',
      [customer.id],
    );
    expect(rows).toEqual([{ kind: 'sla_credit', amount_cents: expected.computedCents, currency: 'usd' }]);
    const [audit] = await audits();
    expect(audit).toMatchObject({
      action: 'server.sla_credited',
      reason: 'Ticket 42: node outage on the 10th',
      actor_role: 'billing',
      after: { month: '2029-12', amountCents: expected.computedCents, computedCents: expected.computedCents, feeCents: expected.feeCents, creditPercent: 25, node: US_NODE },
    });
    const billing = await t.app.inject({ method: 'GET', url: '/api/billing', headers: { cookie: customer.cookie } });
    expect(billing.json().stats.currentBalance).toBe(expected.computedCents);
    const history = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: { cookie: customer.cookie } });
    expect(history.json()).toContainEqual(
      expect.objectContaining({ kind: 'credit', description: 'SLA credit for Creeper Valley, December 2029', amountCents: expected.computedCents }),
    );
    const german = await t.app.inject({ method: 'GET', url: '/api/invoices', headers: { cookie: customer.cookie, 'accept-language': 'de' } });
    expect(german.json()).toContainEqual(expect.objectContaining({ description: 'SLA-Gutschrift für Creeper Valley, Dezember 2029' }));

    const again = await grant({ month: '2029-12', reason: 'Asked twice' }, staff.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('An SLA credit for December 2029 was already granted for this server.');
    expect(await audits()).toHaveLength(1);
  });

  it('lets staff grant less than computed, with the reason', async () => {
    const other = await insertPaidServer(t.database.db, customer.id, { name: 'Second Box', status: 'online', createdAt: new Date('2029-11-20T00:00:00Z'), location: 'us-west' });
    const res = await grant({ month: '2029-12', reason: 'Customer restarted during part of it', amountCents: 100 }, staff.admin, other.serverId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().granted.amountCents).toBe(100);
    expect(res.json().computedCents).toBeGreaterThan(100);
    expect((await preview('2029-12', 'support', other.serverId)).json().refusal).toBe('An SLA credit for December 2029 was already granted for this server.');
  });

  it('grants once when two staff grant the same month at the same time', async () => {
    const raced = await insertPaidServer(t.database.db, customer.id, { name: 'Raced Box', status: 'online', createdAt: new Date('2029-11-20T00:00:00Z'), location: 'us-west' });
    const both = await Promise.all([
      grant({ month: '2029-12', reason: 'Outage, first' }, staff.billing, raced.serverId),
      grant({ month: '2029-12', reason: 'Outage, second' }, staff.admin, raced.serverId),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.database.query('select id from sla_credits where server_id = $1', [raced.serverId]);
    expect(rows).toHaveLength(1);
    const audited = await t.database.query("select id from audit_log where target_id = $1 and action = 'server.sla_credited'", [raced.serverId]);
    expect(audited).toHaveLength(1);
  });
});
