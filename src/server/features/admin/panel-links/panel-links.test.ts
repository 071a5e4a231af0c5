import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, invoices, orders, panelAccounts, panelServerLinks, renewals, servers } from '../../../db/schema';
import { createPterodactylPanel } from '../../../integrations/panel/pterodactyl';
import { provisionOnlineServer } from '../../../jobs/provisioning.fixtures';
import { addLedgerEntry } from '../../../lib/credit-ledger';
import { randomIds } from '../../../lib/runtime';
import { runRenewals, type RenewalDeps } from '../../billing/renewals.service';
import { startFakePterodactyl, type FakePterodactyl } from '../../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../../../test/test-app';

const list = '/api/admin/panel-servers';
const link = '/api/admin/panel-servers/link';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
/** The apps on a real panel fake run on the system clock: a renewal date a month from today. */
const inAMonth = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe.each(dbKinds)('linking existing panel servers (simulated panel) on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2030-03-10T12:00:00Z'));
  let billing: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    billing = (await createSignedInUser(t, { role: 'billing' })).cookie;
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string, payload: object) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

  async function existingServer(ownerEmail: string, name: string) {
    const res = await post('/api/admin/sim-panel/existing-servers', billing, { ownerEmail, name, game: 'minecraft', location: 'eu-west', ramGb: 4 });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().panelServerId as string;
  }

  const valid = (panelServerId: string, more: object = {}) => ({
    panelServerId,
    planId: 'minecraft-4gb',
    period: '3months',
    renewsAt: '2030-04-20',
    reason: 'Customer of ours since 2028, moved to the new shop',
    ...more,
  });

  it('is for billing and admins: support and customers are refused', async () => {
    const support = await createSignedInUser(t, { role: 'support' });
    const customer = await createSignedInUser(t);
    for (const cookie of [support.cookie, customer.cookie]) {
      expect((await get(list, cookie)).statusCode).toBe(403);
      expect((await post(link, cookie, valid('x'))).statusCode).toBe(403);
    }
  });

  it("lists the panel's servers that no service stands on, with the owner matched by email", async () => {
    const owner = await createUser(t, { email: 'old-timer@example.test' });
    const bought = await createUser(t);
    await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, bought.id);
    const panelServerId = await existingServer('Old-Timer@example.test', 'Legacy Survival');
    const res = await get(list, billing);
    expect(res.statusCode, res.body).toBe(200);
    const { servers: listed } = res.json() as { servers: { panelServerId: string; address: string | null }[] };
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      panelServerId,
      name: 'Legacy Survival',
      ownerEmail: 'old-timer@example.test',
      customer: { id: owner.id, email: 'old-timer@example.test' },
      location: 'eu-west',
      memoryMb: 4096,
      suspended: false,
    });
    expect(listed[0]!.address).toMatch(/^203\.0\.113\.10:2556\d$/);
  });

  it('refuses a past date, an unknown plan or period, a negative price, no reason and a server the panel lacks', async () => {
    await createUser(t, { email: 'refused@example.test' });
    const id = await existingServer('refused@example.test', 'Refused Realm');
    const cases: [object, number, string][] = [
      [{ renewsAt: '2030-03-10' }, 400, 'The next renewal date must be in the future.'],
      [{ renewsAt: '2029-12-01' }, 400, 'The next renewal date must be in the future.'],
      [{ renewsAt: '2062-04-20' }, 400, 'The next renewal date must be within two years.'],
      [{ planId: 'minecraft-999gb' }, 400, 'Choose a plan from the catalog.'],
      [{ planId: 'palworld-16gb', period: 'fortnightly' }, 400, 'Choose a billing period from the catalog.'],
      [{ priceCents: -100 }, 400, 'The price cannot be negative'],
      [{ reason: '' }, 400, 'Please give a reason of at least 3 characters'],
      [{ renewsAt: 'soon' }, 400, 'Enter the next renewal date as YYYY-MM-DD'],
      [{ panelServerId: 'no-such-server' }, 404, 'The game panel has no such server (it may have been deleted).'],
    ];
    for (const [change, status, message] of cases) {
      const res = await post(link, billing, valid(id, change));
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(status);
      expect(JSON.stringify(res.json().error), JSON.stringify(change)).toContain(message);
    }
    expect(await t.database.db.select().from(panelServerLinks)).toHaveLength(0);
  });

  it('links one to its owner at the catalog price; it shows in My Services, is managed like a bought one, and cannot be linked twice', async () => {
    const owner = await createSignedInUser(t, { email: 'linked-owner@example.test' });
    const id = await existingServer('linked-owner@example.test', 'Old Kingdom');
    const res = await post(link, billing, valid(id));
    expect(res.statusCode, res.body).toBe(201);
    const linked = res.json();
    expect(linked).toMatchObject({ customerEmail: 'linked-owner@example.test', planName: 'Minecraft 4GB', priceCents: 3990, renewsAt: '2030-04-20T00:00:00.000Z' });

    const [row] = await t.database.db.select().from(servers).where(eq(servers.id, linked.serverId));
    expect(row).toMatchObject({ userId: owner.id, status: 'online', panelServerId: id, location: 'eu-west', period: '3months', name: 'Old Kingdom', ramGb: 4 });
    expect(row!.ip).toBe('203.0.113.10');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, row!.orderId));
    expect(order).toMatchObject({ kind: 'server', status: 'paid', provider: 'panel-link', totalCents: 3990, months: 3 });
    // The period the host billed itself: three months before the renewal, the billing day's anchor.
    expect(order!.paidAt).toEqual(new Date('2030-01-20T00:00:00Z'));
    expect(await t.database.db.select().from(panelAccounts).where(eq(panelAccounts.userId, owner.id))).toMatchObject([{ panelUserId: `sim-user-${owner.id}` }]);
    const [audit] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'server.linked'), eq(auditLog.targetId, linked.serverId)));
    expect(audit).toMatchObject({ reason: 'Customer of ours since 2028, moved to the new shop', targetType: 'server' });

    const mine = await get('/api/servers', owner.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(JSON.stringify(mine.json())).toContain('Old Kingdom');
    const stop = await post(`/api/servers/${linked.serverId}/power`, owner.cookie, { action: 'stop' });
    expect(stop.statusCode, stop.body).toBeLessThan(300);
    const backups = await get(`/api/servers/${linked.serverId}/backups`, owner.cookie);
    expect(backups.statusCode, backups.body).toBe(200);

    expect((await get(list, billing)).json().servers.some((s: { panelServerId: string }) => s.panelServerId === id)).toBe(false);
    const again = await post(link, billing, valid(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This panel server is already linked to a service here.');
    // Two staff linking the same server at once: one link, one clear 409.
    const twin = await existingServer('linked-owner@example.test', 'Twin');
    const raced = await Promise.all([post(link, billing, valid(twin)), post(link, billing, valid(twin))]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('links to a customer staff chose, at a price staff set, and renews on its billing day at that price', async () => {
    const panelOwner = await createUser(t, { email: 'panel-side@example.test' });
    const payer = await createSignedInUser(t, { email: 'payer@example.test' });
    const id = await existingServer('panel-side@example.test', 'Shared Smp');
    const res = await post(link, billing, valid(id, { customerId: payer.id, period: 'monthly', priceCents: 900, renewsAt: '2030-03-31' }));
    expect(res.statusCode, res.body).toBe(201);
    const { serverId } = res.json();
    expect(panelOwner.id).not.toBe(payer.id);
    // The payer is not the panel user: their own next servers must not land on that account.
    expect(await t.database.db.select().from(panelAccounts).where(eq(panelAccounts.userId, payer.id))).toEqual([]);

    await addLedgerEntry(t.database.db, { currency: 'usd', userId: payer.id, amountCents: 5000, kind: 'staff_adjustment', reason: 'Balance carried over from the old billing system' });
    const deps: RenewalDeps = {
      db: t.database.db,
      clock,
      ids: randomIds,
      payments: t.app.payments,
      panel: t.app.panel,
      events: t.app.events,
      mailer: t.app.mailer,
      brand: t.config.BRAND_NAME,
      publicUrl: t.config.PUBLIC_URL,
      log: quiet,
    };
    clock.set(new Date('2030-03-31T00:00:00Z'));
    await runRenewals(deps);
    const [renewal] = await t.database.db.select().from(renewals).where(eq(renewals.serverId, serverId));
    expect(renewal).toMatchObject({ status: 'paid', amountCents: 900, periodStart: new Date('2030-03-31T00:00:00Z'), periodEnd: new Date('2030-04-30T00:00:00Z') });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.id, renewal!.invoiceId!));
    expect(invoice).toMatchObject({ userId: payer.id, totalCents: 900, status: 'paid' });
    const [after] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(after!.renewsAt).toEqual(new Date('2030-04-30T00:00:00Z'));
    clock.set(new Date('2030-03-10T12:00:00Z'));
    // Back before the payer's session ended: the agreed-price line reads in the payer's language on their invoice; staff's stored English stays.
    const read = (lang: string) =>
      t.app.inject({ method: 'GET', url: `/api/invoices/${invoice!.id}`, headers: { cookie: `${payer.cookie}; sp_lang=${lang}` } });
    const lineOf = async (lang: string) => ((await read(lang)).json() as { lines: { description: string }[] }).lines[0]!.description;
    expect(await lineOf('de')).toBe('Minecraft 4GB Server (1 Monat), Preis bei der Übernahme aus dem Game-Panel vereinbart');
    expect(await lineOf('en')).toBe('Minecraft 4GB server (1 month), price agreed when linked from the game panel');
  });
});

describe.each(dbKinds)('linking existing servers on Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', resourceCacheMs: 0 });
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: fake.clientKey,
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 1, nest: 1 } },
      locations: { 'us-west': 1 },
    });
    t = await createTestApp(kind, { checkout: { panel } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  /** A server the host made in the panel's admin area before this shop: no external id, installed. */
  async function madeOnThePanel(ownerEmail: string, name: string) {
    const owner = fake.addUser({ email: ownerEmail });
    const node = fake.addNode({ location_id: 1 }, [25565, 25566]);
    const allocation = fake.allocations.find((a) => a.node_id === node.id && a.server_id === null)!;
    const res = await fetch(`${fake.url}/api/application/servers`, {
      method: 'POST',
      headers: { authorization: 'Bearer ptla_key', 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name,
        user: owner.id,
        egg: 1,
        docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
        startup: 'java -jar server.jar',
        environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' },
        limits: { memory: 6144, swap: 0, disk: 30720, io: 500, cpu: 200 },
        feature_limits: { databases: 0, backups: 2 },
        allocation: { default: allocation.id },
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as { attributes: { id: number } };
    const server = fake.servers.find((s) => s.id === created.attributes.id)!;
    server.status = null;
    fake.wings.installed(server);
    return server;
  }

  it("reads the panel's servers with their owner and address, and links one that then answers power", async () => {
    const billing = await createSignedInUser(t, { role: 'billing' });
    const customer = await createSignedInUser(t, { email: 'veteran@example.test' });
    for (let i = 0; i < 3; i += 1) await madeOnThePanel(`filler-${i}@example.test`, `Filler ${i}`);
    const server = await madeOnThePanel('veteran@example.test', 'Veteran Vanilla');

    const listed = await t.app.panel.listServers();
    expect(listed).toHaveLength(4);
    expect(listed.find((s) => s.panelServerId === String(server.id))).toMatchObject({
      identifier: server.identifier,
      name: 'Veteran Vanilla',
      externalId: null,
      ownerEmail: 'veteran@example.test',
      location: 'us-west',
      memoryMb: 6144,
      diskMb: 30720,
      cpuPercent: 200,
      ip: '203.0.113.50',
      suspended: false,
    });
    expect(fake.requests.some((r) => r.path.startsWith('/api/application/servers?include=allocations,user&per_page=100'))).toBe(true);

    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { cookie: billing.cookie },
      payload: { panelServerId: String(server.id), planId: 'minecraft-4gb', period: 'monthly', renewsAt: inAMonth(), reason: 'Moved over from the old billing panel' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { serverId } = res.json();
    const [row] = await t.database.db.select().from(servers).where(eq(servers.id, serverId));
    expect(row).toMatchObject({ userId: customer.id, panelServerId: String(server.id), panelIdentifier: server.identifier, ip: '203.0.113.50', status: 'online' });

    const power = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/power`, headers: { cookie: customer.cookie }, payload: { action: 'restart' } });
    expect(power.statusCode, power.body).toBeLessThan(300);
    expect(fake.requests.some((r) => r.method === 'POST' && r.path === `/api/client/servers/${server.identifier}/power`)).toBe(true);
  });

  it('reads past the first hundred, keeps a server suspended on the panel suspended, and answers 503 when the panel is down', async () => {
    const billing = await createSignedInUser(t, { role: 'billing' });
    await createUser(t, { email: 'many@example.test' });
    const before = fake.servers.length;
    const ports = Array.from({ length: 100 }, (_, i) => 30000 + i);
    const node = fake.addNode({ location_id: 1 }, ports);
    for (const port of ports) {
      const allocation = fake.allocations.find((a) => a.node_id === node.id && a.port === port)!;
      const owner = fake.users.find((u) => u.email === 'many@example.test') ?? fake.addUser({ email: 'many@example.test' });
      const res = await fetch(`${fake.url}/api/application/servers`, {
        method: 'POST',
        headers: { authorization: 'Bearer ptla_key', 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          name: `Bulk ${port}`,
          user: owner.id,
          egg: 1,
          docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
          startup: 'java -jar server.jar',
          environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' },
          limits: { memory: 1024, swap: 0, disk: 10240, io: 500, cpu: 100 },
          feature_limits: { databases: 0, backups: 0 },
          allocation: { default: allocation.id },
          skip_scripts: true,
        }),
      });
      expect(res.status).toBe(201);
    }
    const last = fake.servers[fake.servers.length - 1]!;
    last.status = 'suspended';
    const listed = await t.app.panel.listServers();
    expect(listed).toHaveLength(before + 100);
    expect(listed.find((s) => s.panelServerId === String(last.id))).toMatchObject({ suspended: true, ownerEmail: 'many@example.test', port: 30099 });

    const res = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { cookie: billing.cookie },
      payload: { panelServerId: String(last.id), planId: 'minecraft-2gb', period: 'monthly', renewsAt: inAMonth(), reason: 'Suspended for abuse on the old system' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.database.db.select().from(servers).where(eq(servers.id, res.json().serverId));
    expect(row).toMatchObject({ status: 'suspended', suspendedBy: 'staff' });

    fake.failNext(2, 500);
    const down = await t.app.inject({ method: 'GET', url: list, headers: { cookie: billing.cookie } });
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('panel_unavailable');
  });

  it('answers as the panel does: more than 100 a page is refused', async () => {
    const res = await fetch(`${fake.url}/api/application/servers?per_page=101`, { headers: { authorization: 'Bearer ptla_key', accept: 'application/json' } });
    expect(res.status).toBe(400);
  });
});

describe('listing existing servers on Pelican', () => {
  it("finds each server's location by its node's tags, and its owner, from the same list", async () => {
    const fake = await startFakePterodactyl({ apiKey: 'peli_key', flavor: 'pelican' });
    try {
      const panel = createPterodactylPanel({ url: fake.url, applicationKey: 'peli_key', flavor: 'pelican', eggs: {}, locations: { 'eu-west': 'eu' } });
      const owner = fake.addUser({ email: 'pelican-owner@example.test' });
      const node = fake.addNode({ location_id: 1, tags: ['eu'] }, [27015]);
      const res = await fetch(`${fake.url}/api/application/servers`, {
        method: 'POST',
        headers: { authorization: 'Bearer peli_key', 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          name: 'Pelican Palace',
          user: owner.id,
          egg: 1,
          environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' },
          limits: { memory: 2048, swap: 0, disk: 10240, io: 500, cpu: 100 },
          feature_limits: { databases: 0, backups: 0 },
          allocation: { default: fake.allocations.find((a) => a.node_id === node.id)!.id },
        }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
      const [listed] = await panel.listServers();
      expect(listed).toMatchObject({ name: 'Pelican Palace', ownerEmail: 'pelican-owner@example.test', location: 'eu-west', port: 27015, memoryMb: 2048 });
    } finally {
      await fake.close();
    }
  });
});
