import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { panelAccounts, panelNodes, users } from '../../db/schema';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { randomIds, systemClock } from '../../lib/runtime';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, markTwoFactorOn, signIn, type TestContext } from '../../test/test-app';
import { createOrPromoteAdmin } from './admin-accounts';
import { IMPORTED_PASSWORD_HASH } from './migration.service';

const status = '/api/admin/migration/status';
const run = '/api/admin/migration/run';

describe.each(dbKinds)('migration with the simulated panel on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, cookie?: string) => t.app.inject({ method, url, headers: cookie ? { cookie } : {} });

  it('is for admins only: signed out 401, customer and support 403', async () => {
    const customer = await createSignedInUser(t);
    const support = await createSignedInUser(t, { role: 'support' });
    for (const url of [status, run]) {
      const method = url === run ? 'POST' : 'GET';
      expect((await call(method, url)).statusCode).toBe(401);
      const denied = await call(method, url, customer.cookie);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().error.code).toBe('forbidden');
      expect((await call(method, url, support.cookie)).statusCode).toBe(403);
    }
  });

  it("counts profiles and servers here and the panel's users and nodes; a second run imports nothing", async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const customer = await createUser(t);
    await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, customer.id);
    const before = (await call('GET', status, admin.cookie)).json();
    expect(before).toEqual({ profilesMigrated: 4, serversMigrated: 1, panelUsers: 1, panelNodes: 4 });

    expect((await call('POST', run, admin.cookie)).json()).toEqual({ migrated: { users: 0, nodes: 4 } });
    expect((await call('POST', run, admin.cookie)).json()).toEqual({ migrated: { users: 0, nodes: 0 } });
    const nodes = await t.database.db.select().from(panelNodes);
    expect(nodes.map((n) => n.location).sort()).toEqual(['asia-pacific', 'eu-west', 'us-east', 'us-west']);
    expect(nodes.every((n) => n.panel === 'sim' && n.serverLimit === 50)).toBe(true);
    expect((await call('GET', status, admin.cookie)).json()).toEqual(before);
  });
});

describe.each(dbKinds)('migration from Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key' });
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 1, nest: 1 } },
      locations: { 'us-west': 1, 'eu-west': 2 },
    });
    t = await createTestApp(kind, { checkout: { panel } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('imports users as accounts without a usable password, matched by our id or email, and nodes, once', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const known = await createUser(t, { email: 'known@example.test' });
    const linked = await createUser(t);
    fake.addUser({ email: 'Known@Example.test' });
    fake.addUser({ email: 'renamed-on-panel@example.test', external_id: linked.id });
    const fresh = fake.addUser({ email: 'newcomer@example.test' });
    fake.addUser({ email: 'not an address' });
    fake.addNode({ location_id: 1 }, [25565]);
    fake.addNode({ location_id: 9 }, []);
    const headers = { cookie: admin.cookie };

    const statusBefore = (await t.app.inject({ method: 'GET', url: status, headers })).json();
    expect(statusBefore).toMatchObject({ panelUsers: 4, panelNodes: 2 });

    const first = await t.app.inject({ method: 'POST', url: run, headers });
    expect(first.json()).toEqual({ migrated: { users: 1, nodes: 2 } });
    const second = await t.app.inject({ method: 'POST', url: run, headers });
    expect(second.json()).toEqual({ migrated: { users: 0, nodes: 0 } });

    const all = await t.database.db.select().from(users);
    expect(all.filter((u) => u.email === 'newcomer@example.test')).toHaveLength(1);
    expect(all.filter((u) => u.email === 'known@example.test')).toHaveLength(1);
    expect(all.some((u) => u.email === 'renamed-on-panel@example.test')).toBe(false);
    const imported = all.find((u) => u.email === 'newcomer@example.test')!;
    expect(imported).toMatchObject({ role: 'customer', passwordHash: IMPORTED_PASSWORD_HASH, emailVerifiedAt: null, firstName: 'Existing', lastName: 'User' });
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'newcomer@example.test', password: IMPORTED_PASSWORD_HASH } });
    expect(login.statusCode).toBe(401);

    const links = await t.database.db.select().from(panelAccounts);
    const linkOf = (userId: string) => links.find((l) => l.userId === userId)?.panelUserId;
    expect(linkOf(imported.id)).toBe(String(fresh.id));
    expect(linkOf(known.id)).toBeDefined();
    expect(linkOf(linked.id)).toBeDefined();

    const nodes = await t.database.db.select().from(panelNodes).where(eq(panelNodes.panel, 'pterodactyl'));
    expect(nodes.map((n) => [n.location, n.panelLocation]).sort()).toEqual([[null, '9'], ['us-west', '1']]);
  });

  it('answers 503 without internals when the panel is down', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    fake.failNext(2, 500);
    const res = await t.app.inject({ method: 'GET', url: status, headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'panel_unavailable', message: 'The game panel is not answering right now. Please try again in a minute.' } });
  });
});

describe.each(dbKinds)('npm run admin:create on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());
  const deps = () => ({ db: t.database.db, clock: systemClock, ids: randomIds });

  it('creates a verified admin with a one-time password that signs in', async () => {
    const result = await createOrPromoteAdmin(deps(), '  Boss@Example.test ');
    if (result.outcome !== 'created') throw new Error(result.outcome);
    expect(result.email).toBe('boss@example.test');
    expect(result.password.length).toBeGreaterThanOrEqual(16);
    const cookie = await signIn(t, { email: 'boss@example.test', password: result.password });
    // Staff must turn on two-factor before the console opens.
    const refused = await t.app.inject({ method: 'GET', url: status, headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('two_factor_required');
    const [boss] = await t.database.db.select().from(users).where(eq(users.email, 'boss@example.test'));
    await markTwoFactorOn(t, boss!.id);
    expect((await t.app.inject({ method: 'GET', url: status, headers: { cookie } })).statusCode).toBe(200);
    expect((await createOrPromoteAdmin(deps(), 'boss@example.test')).outcome).toBe('already_admin');
  });

  it('promotes an existing verified customer and refuses a non-address', async () => {
    const customer = await createUser(t);
    expect(await createOrPromoteAdmin(deps(), customer.email)).toEqual({ outcome: 'promoted', email: customer.email, wasVerified: true });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.id));
    expect(row).toMatchObject({ role: 'admin' });
    const cookie = await signIn(t, customer);
    await markTwoFactorOn(t, customer.id);
    expect((await t.app.inject({ method: 'GET', url: status, headers: { cookie } })).statusCode).toBe(200);
    await expect(createOrPromoteAdmin(deps(), 'nobody')).rejects.toThrow('"nobody" is not an email address');
  });

  it('gives an unverified account a new one-time password, dropping what whoever signed up set on it', async () => {
    // Somebody signed up with the address first: their password, and two-factor and a session left on the row.
    const squatter = await createUser(t, { verified: false, password: 'the squatter password' });
    await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1", [squatter.id]);
    const now = new Date().toISOString();
    await t.database.query(
      `insert into sessions (id, user_id, token_hash, created_at, rotated_at, last_seen_at, expires_at) values ($1, $2, 'left-over', $3, $3, $3, $3::timestamptz + interval '1 day')`,
      [randomIds.uuid(), squatter.id, now],
    );

    const result = await createOrPromoteAdmin(deps(), squatter.email);
    if (result.outcome !== 'verified') throw new Error(result.outcome);
    expect(result.password.length).toBeGreaterThanOrEqual(16);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, squatter.id));
    expect(row).toMatchObject({ role: 'admin', totpEnabledAt: null, totpSecret: null });
    expect(row?.emailVerifiedAt).not.toBeNull();
    const [left] = await t.database.query<{ n: number }>('select count(*)::int as n from sessions where user_id = $1', [squatter.id]);
    expect(left?.n).toBe(0);

    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: squatter });
    expect(refused.json().error.code).toBe('invalid_credentials');
    expect(await signIn(t, { email: squatter.email, password: result.password })).toMatch(/^sp_session=/);
  });
});
