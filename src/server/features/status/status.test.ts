import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PanelNode } from '../../integrations/panel/game-panel';
import { insertPaidServer } from '../../jobs/provisioning.fixtures';
import type { AdminIncident, PublicStatus, StatusIncident } from '../../../shared/schemas/status';
import { createSignedInUser, createTestApp, dbKinds, manualClock, readMailbox, type TestContext, type TestUser } from '../../test/test-app';
import { checkAndRecord } from './status-checks';

const DAY = 86_400_000;

function node(id: string, location: string, maintenance = false): PanelNode {
  return { id, name: `Node ${id}`, location, panelLocation: location, fqdn: `${id}.example.test`, memoryMb: 1, diskMb: 1, serverLimit: null, maintenance };
}

describe.each(dbKinds)('the status page on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-01-15T12:00:00Z'));
  let nodes: () => Promise<PanelNode[]> = async () => [node('a', 'us-east'), node('b', 'eu-west', true)];
  const panel = { listNodes: () => nodes() };
  const staff = {} as Record<'admin' | 'support', TestUser & { cookie: string }>;
  let customer: TestUser & { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  // Sessions follow the clock, which the checks' tests move by days: sign in afresh after.
  async function signInEveryone() {
    for (const role of ['admin', 'support'] as const) staff[role] = await createSignedInUser(t, { role });
    customer = await createSignedInUser(t);
  }
  afterAll(async () => t?.close());

  const check = () => checkAndRecord({ database: t.database, db: t.database.db, clock, panel, workers: { running: () => true } });
  async function status(): Promise<PublicStatus> {
    clock.advance(16_000); // past the 15 s cache
    const res = await t.app.inject({ method: 'GET', url: '/api/status' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
    return res.json() as PublicStatus;
  }
  const component = (s: PublicStatus, id: string) => s.components.find((c) => c.id === id)!;

  it('lists the simulated panel’s nodes by their location’s catalog name, with no English added to it', async () => {
    const simulated = await t.app.panel.listNodes();
    expect(simulated.find((n) => n.location === 'eu-west')).toMatchObject({ id: 'sim-node-eu-west', name: 'EU West (Amsterdam)' });
    expect(simulated.every((n) => !/simulated/i.test(n.name))).toBe(true);
  });

  it('says no data before any check: no state, no uptime, 90 empty days', async () => {
    const s = await status();
    expect(s.overall).toBeNull();
    expect(s.components.map((c) => c.id)).toEqual(['site', 'panel', 'payments', 'jobs']);
    for (const c of s.components) {
      expect(c).toMatchObject({ state: null, uptime: null, checkedAt: null });
      expect(c.days).toHaveLength(90);
      expect(c.days.every((d) => d.state === 'none')).toBe(true);
    }
    expect(s.incidents).toEqual([]);
  });

  it('records each check per component and day, and computes uptime from the counts', async () => {
    await check();
    let s = await status();
    expect(component(s, 'site')).toMatchObject({ state: 'up', uptime: 100 });
    expect(component(s, 'panel')).toMatchObject({ state: 'up', uptime: 100 });
    expect(component(s, 'payments')).toMatchObject({ state: 'up', uptime: 100 });
    expect(component(s, 'node:a')).toMatchObject({ label: 'Node a', location: 'us-east', state: 'up', uptime: 100 });
    // The page shows a location by the catalog's name: those its nodes and notices name, hidden
    // ones too; a location nothing on the page names (one not announced yet) is not listed.
    expect(s.locationNames).toEqual({ 'us-east': 'US East (Virginia)', 'eu-west': 'EU West (Amsterdam)' });
    // A node in maintenance is answering but impaired: degraded, and still counted as up time.
    expect(component(s, 'node:b')).toMatchObject({ state: 'degraded', uptime: 100 });
    expect(component(s, 'node:b').days.at(-1)).toEqual({ day: '2030-01-15', state: 'degraded' });
    expect(s.overall).not.toBeNull();

    // The panel stops answering: it and the nodes it listed count down.
    nodes = () => Promise.reject(new Error('connect ECONNREFUSED'));
    await check();
    s = await status();
    expect(component(s, 'panel')).toMatchObject({ state: 'down', uptime: 50 });
    expect(component(s, 'node:a')).toMatchObject({ state: 'down', uptime: 50 });
    expect(component(s, 'panel').days.at(-1)!.state).toBe('down');
    expect(s.overall).toBe('down');

    // The next day it answers again: yesterday stays down, today is up, uptime counts all three checks.
    nodes = async () => [node('a', 'us-east'), node('b', 'eu-west', true)];
    clock.advance(DAY);
    await check();
    s = await status();
    const panelBars = component(s, 'panel').days;
    expect(panelBars.slice(-2).map((d) => d.state)).toEqual(['down', 'up']);
    expect(panelBars.slice(0, -2).every((d) => d.state === 'none')).toBe(true);
    expect(component(s, 'panel').uptime).toBe(66.66);
    const rows = await t.database.query<{ component: string; up: number; down: number }>(
      "select component, up, down from status_days where component = 'panel' order by day",
    );
    expect(rows).toEqual([
      { component: 'panel', up: 1, down: 1 },
      { component: 'panel', up: 1, down: 0 },
    ]);
  });

  it('counts payments degraded when webhooks wait unprocessed', async () => {
    const now = clock.now().getTime();
    await t.database.query("insert into webhook_events (id, provider, type, received_at, processed_at) values ('evt_ok', 'local', 'checkout.session.completed', $1, $1)", [
      new Date(now - 3_600_000).toISOString(),
    ]);
    await t.database.query("insert into webhook_events (id, provider, type, received_at) values ('evt_stuck', 'local', 'checkout.session.completed', $1)", [
      new Date(now - 30 * 60_000).toISOString(),
    ]);
    await check();
    expect(component(await status(), 'payments').state).toBe('degraded');
  });

  const post = (who: TestUser & { cookie: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/incidents', headers: { cookie: who.cookie }, payload });
  const maintenance = {
    kind: 'maintenance',
    title: 'Network upgrade in US East',
    message: 'We are replacing the switches; servers restart once.',
    state: 'scheduled',
    locations: ['us-east'],
    startsAt: '2030-01-20T02:00:00Z',
    endsAt: '2030-01-20T03:00:00Z',
    reason: 'Datacenter scheduled the work',
  };

  async function listed(id: string): Promise<AdminIncident | undefined> {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/incidents', headers: { cookie: staff.support.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { incidents: AdminIncident[] }).incidents.find((i) => i.id === id);
  }

  it('is for staff: customers and the signed-out are refused', async () => {
    await signInEveryone();
    expect((await post(customer, maintenance)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/incidents', payload: maintenance })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/incidents', headers: { cookie: customer.cookie } })).statusCode).toBe(403);
  });

  it('refuses notices that make no sense', async () => {
    const bad = async (payload: object) => {
      const res = await post(staff.support, { ...maintenance, ...payload });
      expect(res.statusCode, res.body).toBe(400);
      return res.body;
    };
    expect(await bad({ endsAt: null })).toContain('Maintenance needs a start and an end.');
    expect(await bad({ endsAt: '2030-01-20T01:00:00Z' })).toContain('The end must be after the start.');
    expect(await bad({ state: 'investigating' })).toContain("A maintenance cannot be 'investigating'.");
    expect(await bad({ locations: [], components: [] })).toContain('Choose at least one affected component or location.');
    expect(await bad({ reason: '' })).toContain('Say why this is posted');
    expect(await bad({ title: '' })).toContain('title');
    const none = await t.database.query<{ n: number }>('select count(*)::int as n from status_incidents');
    expect(none[0]!.n).toBe(0);
  });

  it('posts a maintenance notice, audited, emails owners of servers in the location only, and shows it publicly', async () => {
    const east = await createSignedInUser(t);
    const west = await createSignedInUser(t);
    await insertPaidServer(t.database.db, east.id, { location: 'us-east', status: 'online' });
    await insertPaidServer(t.database.db, east.id, { location: 'us-east', status: 'online' });
    await insertPaidServer(t.database.db, west.id, { location: 'us-west', status: 'online' });
    // A browser that already holds the page's answer revalidates it: a 304 while nothing changed.
    const before = await t.app.inject({ method: 'GET', url: '/api/status' });
    const etag = before.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // As a browser sends it, in a list, or strong after a proxy rewrote it: the same answer, a 304.
    for (const ifNoneMatch of [etag, `"other", ${etag}`, etag.slice(2)]) {
      const unchanged = await t.app.inject({ method: 'GET', url: '/api/status', headers: { 'if-none-match': ifNoneMatch } });
      expect(unchanged.statusCode, ifNoneMatch).toBe(304);
      expect(unchanged.body).toBe('');
    }

    const res = await post(staff.support, maintenance);
    expect(res.statusCode, res.body).toBe(201);
    const posted = res.json() as AdminIncident;
    // The answer comes before the mail: a job sends it (this test app runs no workers until told).
    expect(posted).toMatchObject({ kind: 'maintenance', state: 'scheduled', locations: ['us-east'], notified: 0, emailing: true, resolvedAt: null });
    expect(posted.updates).toEqual([expect.objectContaining({ state: 'scheduled', message: maintenance.message })]);
    expect(await readMailbox(t, east.email)).toHaveLength(0);
    await t.app.statusNotices.startWorkers();
    await expect.poll(async () => (await listed(posted.id))?.emailing, { timeout: 15_000 }).toBe(false);
    expect(await listed(posted.id)).toMatchObject({ notified: 1 });

    const audit = await t.database.query<{ action: string; actor_email: string; reason: string }>(
      'select action, actor_email, reason from audit_log where target_id = $1',
      [posted.id],
    );
    expect(audit).toEqual([{ action: 'maintenance.posted', actor_email: staff.support.email, reason: 'Datacenter scheduled the work' }]);

    const mails = await readMailbox(t, east.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Planned maintenance: Network upgrade in US East');
    expect(mails[0]!.text).toContain('We are replacing the switches');
    expect(mails[0]!.text).toContain('/status');
    expect(await readMailbox(t, west.email)).toHaveLength(0);

    // Shown at once, also to the browser that held the old answer: staff changes clear the cache.
    const res2 = await t.app.inject({ method: 'GET', url: '/api/status', headers: { 'if-none-match': etag } });
    expect(res2.statusCode).toBe(200);
    expect((res2.json() as PublicStatus).incidents.map((i) => i.title)).toEqual(['Network upgrade in US East']);
  });

  it('adds updates until resolved, audited; closed incidents stay listed for 14 days', async () => {
    const created = await post(staff.admin, {
      kind: 'incident',
      title: 'Node a unreachable',
      message: 'We are looking into it.',
      state: 'investigating',
      components: ['node:a'],
      reason: 'Alerted by the checks',
    });
    expect(created.statusCode, created.body).toBe(201);
    const incident = created.json() as AdminIncident;
    // Node a serves us-east, so its owners are told too, by the workers the test above started.
    await expect.poll(async () => (await listed(incident.id))?.notified, { timeout: 15_000 }).toBe(1);

    const update = (payload: object, id = incident.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin/incidents/${id}/updates`, headers: { cookie: staff.admin.cookie }, payload });
    expect((await update({ state: 'scheduled', message: 'Wrong kind of state' })).statusCode).toBe(400);
    expect((await update({ state: 'resolved', message: 'Gone' }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    clock.advance(20 * 60_000);
    const resolved = await update({ state: 'resolved', message: 'The node is back.' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const body = resolved.json() as StatusIncident;
    expect(body.state).toBe('resolved');
    expect(body.resolvedAt).not.toBeNull();
    expect(body.updates.map((u) => u.state)).toEqual(['resolved', 'investigating']);
    const audit = await t.database.query<{ action: string }>('select action from audit_log where target_id = $1 order by seq', [incident.id]);
    expect(audit.map((a) => a.action)).toEqual(['incident.posted', 'incident.updated']);

    expect((await status()).incidents.map((i) => i.title)).toContain('Node a unreachable');
    clock.advance(15 * DAY);
    expect((await status()).incidents.map((i) => i.title)).not.toContain('Node a unreachable');
  });
});
