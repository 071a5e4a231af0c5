import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDraft } from '../../../../shared/catalog-draft';
import type { AdminCatalog } from '../../../../shared/schemas/admin/catalog';
import { auditLog, catalogVersions, servers } from '../../../db/schema';
import { insertPaidServer } from '../../../jobs/provisioning.fixtures';
import { createCatalogService } from '../../catalog/catalog.service';
import { createSignedInUser, createTestApp, dbKinds, type TestContext, type TestUser } from '../../../test/test-app';

type Staff = TestUser & { cookie: string };

describe.each(dbKinds)('catalog editor API on %s', (kind) => {
  let t: TestContext;
  let admin: Staff;
  let billing: Staff;
  let customer: Staff;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
    billing = await createSignedInUser(t, { role: 'billing' });
    customer = await createSignedInUser(t);
  });
  afterAll(async () => t?.close());

  const get = (url: string, who: Staff = admin) => t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
  const send = (method: 'PUT' | 'POST', url: string, payload: object, who: Staff = admin) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  async function editor(): Promise<AdminCatalog> {
    const res = await get('/api/admin/catalog');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  function edit(draft: CatalogDraft, change: (d: CatalogDraft) => void): CatalogDraft {
    const copy = structuredClone(draft);
    change(copy);
    return copy;
  }

  const plan = (d: CatalogDraft, id: string) => d.plans.find((p) => p.id === id)!;

  it('is for admins only: billing staff and customers are refused', async () => {
    expect((await get('/api/admin/catalog', billing)).statusCode).toBe(403);
    expect((await get('/api/admin/catalog', customer)).statusCode).toBe(403);
    const current = await editor();
    const res = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog: current.catalog, reason: 'Trying' }, billing);
    expect(res.statusCode).toBe(403);
  });

  it('starts from the seed as version 1, hidden flags and location settings included', async () => {
    const current = await editor();
    expect(current.version).toBe(1);
    expect(plan(current.catalog, 'minecraft-4gb')).toMatchObject({ priceCents: 1400, playerCap: 10, hidden: false, recommended: true });
    expect(current.catalog.locations[0]).toMatchObject({ value: 'us-west', capacity: null, panelLocation: null, hidden: false });
    expect(current.essentialsSlug).toBe('spawnpoint-essentials');
  });

  it('saves a new version that GET /api/catalog serves at once, audited with before and after', async () => {
    const current = await editor();
    const catalog = edit(current.catalog, (d) => {
      plan(d, 'minecraft-4gb').priceCents = 1600;
      d.locations.find((l) => l.value === 'eu-west')!.label = 'EU West (Frankfurt)';
    });
    const preview = await send('POST', '/api/admin/catalog/preview', { baseVersion: current.version, catalog, reason: 'New hardware' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'plans', key: 'minecraft-4gb', label: 'Minecraft 4GB', what: 'priceCents', before: '$14.00', after: '$16.00' }),
        expect.objectContaining({ section: 'locations', key: 'eu-west', what: 'label', after: 'EU West (Frankfurt)' }),
      ]),
    );
    expect(await t.database.db.select().from(catalogVersions)).toHaveLength(1);

    const res = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog, reason: 'New hardware' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2 });

    const served = await t.app.inject({ method: 'GET', url: '/api/catalog' });
    expect(served.headers['x-catalog-version']).toBe('2');
    expect(served.json().plans.find((p: { id: string }) => p.id === 'minecraft-4gb').priceCents).toBe(1600);
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { game: 'minecraft', plan: 'minecraft-4gb', period: 'monthly', location: 'eu-west', addons: {} },
    });
    expect(quote.json()).toMatchObject({ totalCents: 1600, location: { label: 'EU West (Frankfurt)' } });

    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.saved')).orderBy(desc(auditLog.createdAt));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'catalog', targetId: '2', reason: 'New hardware' });
    expect(entry!.before).toMatchObject({ version: '1', 'Minecraft 4GB · priceCents': '$14.00' });
    expect(entry!.after).toMatchObject({ version: '2', 'Minecraft 4GB · priceCents': '$16.00', 'EU West (Frankfurt) · label': 'EU West (Frankfurt)' });
    const [row] = await t.database.db.select().from(catalogVersions).where(eq(catalogVersions.version, 2));
    expect(row).toMatchObject({ note: 'New hardware', createdBy: admin.id, createdByEmail: admin.email });
  });

  it('reaches another instance sharing the database within its recheck time', async () => {
    const other = createCatalogService(t.database.db, 'Spawnpoint', { ttlMs: 50 });
    const before = await other.current();
    const current = await editor();
    const catalog = edit(current.catalog, (d) => void (plan(d, 'fivem-2gb').priceCents = 675));
    expect((await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog, reason: 'FiveM tweak' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 60));
    const after = await other.current();
    expect(after.version).toBe(before.version + 1);
    expect(after.catalog.plans.find((p) => p.id === 'fivem-2gb')!.priceCents).toBe(675);
  });

  it('refuses a save based on an older version, so nobody overwrites a change they have not seen', async () => {
    const current = await editor();
    const res = await send('PUT', '/api/admin/catalog', {
      baseVersion: current.version - 1,
      catalog: edit(current.catalog, (d) => void (plan(d, 'minecraft-1gb').priceCents = 399)),
      reason: 'Late edit',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'catalog_changed' });
    expect(res.json().error.message).toMatch(/Reload to see their changes/);
  });

  it('refuses bad input with a message per field', async () => {
    const current = await editor();
    const base = { baseVersion: current.version, reason: 'Testing errors' };

    const negative = await send('PUT', '/api/admin/catalog', { ...base, catalog: edit(current.catalog, (d) => void (plan(d, 'minecraft-4gb').priceCents = -5)) });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.fields).toHaveProperty(['catalog.plans.2.priceCents']);

    const halfCpu = await send('PUT', '/api/admin/catalog', { ...base, catalog: edit(current.catalog, (d) => void (plan(d, 'minecraft-4gb').vcpu = 1.3)) });
    expect(halfCpu.json().error.fields['catalog.plans.2.vcpu']).toBe('Use steps of 0.5');

    const removed = await send('PUT', '/api/admin/catalog', { ...base, catalog: edit(current.catalog, (d) => void (d.addons = d.addons.slice(1))) });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().error.fields['addons.automatic-backups']).toBe('Automatic Backups was removed. Hide it instead: services that use it keep it.');

    const twoRecommended = await send('PUT', '/api/admin/catalog', { ...base, catalog: edit(current.catalog, (d) => void (plan(d, 'minecraft-8gb').recommended = true)) });
    expect(twoRecommended.json().error.fields['plans.minecraft-8gb.recommended']).toMatch(/recommend one plan per game/);

    const duplicate = await send('PUT', '/api/admin/catalog', {
      ...base,
      catalog: edit(current.catalog, (d) => void d.plans.push({ ...plan(d, 'minecraft-8gb'), name: '8GB again', recommended: false })),
    });
    expect(duplicate.json().error.fields['plans.minecraft-8gb.id']).toBe('Another plan already uses "minecraft-8gb"');

    const nothing = await send('PUT', '/api/admin/catalog', { ...base, catalog: current.catalog });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().error.message).toBe('Nothing has changed since the version you opened.');

    const noReason = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog: current.catalog, reason: '' });
    expect(noReason.json().error.fields.reason).toBe('Say in a few words why');
    expect((await editor()).version).toBe(current.version);
  });

  it('hides a plan from the storefront while the services on it keep it, and counts who uses what', async () => {
    const { serverId } = await insertPaidServer(t.database.db, customer.id, { name: 'On Eight', status: 'online', createdAt: new Date() });
    await t.database.db.update(servers).set({ planId: 'minecraft-8gb', planName: 'Minecraft 8GB' }).where(eq(servers.id, serverId));
    const current = await editor();
    expect(current.usage.plans['minecraft-8gb']).toBeGreaterThanOrEqual(1);
    const catalog = edit(current.catalog, (d) => void (plan(d, 'minecraft-8gb').hidden = true));
    const saved = await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog, reason: 'Retiring 8GB' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().changes).toEqual([expect.objectContaining({ key: 'minecraft-8gb', what: 'hidden' })]);

    const served = (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json();
    expect(served.plans.map((p: { id: string }) => p.id)).not.toContain('minecraft-8gb');
    const quote = await t.app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: { game: 'minecraft', plan: 'minecraft-8gb', period: 'monthly', location: 'us-west', addons: {} },
    });
    expect(quote.statusCode).toBe(400);
    // Still in the editor, still counted, and the lists still name the server's game and location.
    expect(plan((await editor()).catalog, 'minecraft-8gb')).toMatchObject({ hidden: true });
    const mine = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: customer.cookie } });
    expect(mine.json().servers[0]).toMatchObject({ name: 'On Eight', location: 'us-west' });
  });

  it('stops selling a location once it holds its capacity', async () => {
    const current = await editor();
    const catalog = edit(current.catalog, (d) => void (d.locations.find((l) => l.value === 'asia-pacific')!.capacity = 0));
    expect((await send('PUT', '/api/admin/catalog', { baseVersion: current.version, catalog, reason: 'Singapore is full' })).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: { cookie: customer.cookie },
      payload: { kind: 'server', game: 'minecraft', plan: 'minecraft-2gb', period: 'monthly', location: 'asia-pacific', addons: {}, serverName: 'Far Away' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('location_full');
  });

  it('lists the versions, newest first, with who saved them and why', async () => {
    const res = await get('/api/admin/catalog/versions');
    expect(res.statusCode).toBe(200);
    const { items } = res.json();
    expect(items[0]).toMatchObject({ note: 'Singapore is full', savedBy: admin.email });
    expect(items.at(-1)).toMatchObject({ version: 1, savedBy: null });
  });
});

describe.each(dbKinds)('software in the catalog editor on %s', (kind) => {
  let t: TestContext;
  let admin: Staff;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const save = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/catalog', payload, headers: { cookie: admin.cookie } });

  it('edits Minecraft software and versions as a new, audited version that switching offers at once; bad edits are refused by field', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json() as AdminCatalog;
    expect(current.catalog.software.map((s) => `${s.id}:${s.recommendedRamGb}`)).toEqual(['vanilla:2', 'paper:2', 'fabric:4', 'forge:6']);
    expect(current.usage.software).toEqual({});

    const catalog = structuredClone(current.catalog);
    catalog.software.find((s) => s.id === 'paper')!.versions = ['1.21.5', '1.21.4'];
    catalog.software.find((s) => s.id === 'forge')!.hidden = true;
    catalog.software.push({ id: 'purpur', game: 'minecraft', name: 'Purpur', description: 'Paper with more options', versions: ['1.21.4'], recommendedRamGb: 3, sort: 5, hidden: false });
    const res = await save({ baseVersion: current.version, catalog, reason: 'Paper 1.21.5 is out' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ section: 'software', key: 'paper', what: 'versions', before: '1.21.4, 1.21.1, 1.20.6, 1.20.4', after: '1.21.5, 1.21.4' }),
        expect.objectContaining({ section: 'software', key: 'forge', what: 'hidden' }),
        expect.objectContaining({ section: 'software', key: 'purpur', what: 'added' }),
      ]),
    );
    const [record] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.saved')).orderBy(desc(auditLog.createdAt));
    expect(record).toMatchObject({ reason: 'Paper 1.21.5 is out', after: expect.objectContaining({ 'Paper · versions': '1.21.5, 1.21.4' }) });
    const { draft } = await t.app.softwareSwitches.catalog.current();
    expect(draft.software.find((s) => s.id === 'purpur')).toMatchObject({ versions: ['1.21.4'] });

    const saved = res.json().version as number;
    const refuse = async (change: (d: CatalogDraft) => void) => {
      const bad = structuredClone(catalog);
      change(bad);
      const answer = await save({ baseVersion: saved, catalog: bad, reason: 'Trying a bad edit' });
      expect(answer.statusCode).toBe(400);
      return answer.json().error as { message: string; fields?: Record<string, string> };
    };
    expect((await refuse((d) => void d.software.splice(0, 1))).message).toContain('Vanilla was removed. Hide it instead');
    expect((await refuse((d) => void (d.software.find((s) => s.id === 'paper')!.versions = ['1.21.5', '1.21.5']))).fields).toMatchObject({ 'software.paper.versions': '1.21.5 is listed twice' });
    expect((await refuse((d) => void (d.software.find((s) => s.id === 'paper')!.game = 'palworld'))).message).toContain('Software stays with its game');
    expect((await refuse((d) => void (d.software.find((s) => s.id === 'paper')!.versions = [])))).toBeTruthy();
    expect((await refuse((d) => void (d.software.find((s) => s.id === 'paper')!.versions = ['1.21 beta'])))).toBeTruthy();
  });

  it('reads a version saved before software was in the catalog as having the default software', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json() as AdminCatalog;
    const { software: _dropped, ...old } = current.catalog;
    await t.database.query('insert into catalog_versions (version, catalog, created_at) values ($1, $2, now())', [current.version + 1, JSON.stringify(old)]);
    const after = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json() as AdminCatalog;
    expect(after.version).toBe(current.version + 1);
    expect(after.catalog.software.map((s) => s.id)).toEqual(['vanilla', 'paper', 'fabric', 'forge']);
  });
});
