import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDraft } from '../../../../shared/catalog-draft';
import type { AdminCatalog } from '../../../../shared/schemas/admin/catalog';
import { createPterodactylPanel } from '../../../integrations/panel/pterodactyl';
import { startFakePterodactyl, type FakePterodactyl } from '../../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../../test/test-app';

/**
 * Saving a plan the panel could not set up a server for is refused, naming the egg variable
 * that has neither a value in the plan's settings nor a default (VariableValidatorService).
 */
describe.each(dbKinds)('catalog save against the panel’s eggs on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  let cookie: string;

  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key' });
    fake.addNode({ location_id: 1 }, [25565]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 5, nest: 1 } },
      locations: { 'us-west': 1 },
    });
    t = await createTestApp(kind, { checkout: { panel } });
    cookie = (await createSignedInUser(t, { role: 'admin' })).cookie;
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function editor(): Promise<AdminCatalog> {
    return (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie } })).json();
  }
  const send = (url: string, payload: object) => t.app.inject({ method: url.endsWith('preview') ? 'POST' : 'PUT', url, payload, headers: { cookie } });
  const withPrice = (draft: CatalogDraft, id: string, cents: number) => {
    const copy = structuredClone(draft);
    copy.plans.find((p) => p.id === id)!.priceCents = cents;
    return copy;
  };

  it('refuses a changed Minecraft plan while the egg has a required variable with no value, and names it', async () => {
    const vanilla = fake.eggs.find((e) => e.id === 5)!;
    vanilla.variables.push({ name: 'EULA accepted', env_variable: 'EULA', default_value: '', rules: 'required|in:true' });
    try {
      const current = await editor();
      const catalog = withPrice(current.catalog, 'minecraft-4gb', 1500);
      for (const url of ['/api/admin/catalog/preview', '/api/admin/catalog']) {
        const res = await send(url, { baseVersion: current.version, catalog, reason: 'New price' });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error.message).toContain('EULA accepted (EULA)');
        expect(res.json().error.message).toContain('Minecraft');
      }
      expect((await editor()).version).toBe(current.version);
    } finally {
      vanilla.variables.pop();
    }
  });

  it("takes the variable from the game's panel default in the catalog, versioned with it, and checks a plan on demand", async () => {
    const vanilla = fake.eggs.find((e) => e.id === 5)!;
    vanilla.variables.push({ name: 'EULA accepted', env_variable: 'EULA', default_value: '', rules: 'required|in:true' });
    try {
      const current = await editor();
      const catalog = structuredClone(current.catalog);
      catalog.games.find((g) => g.slug === 'minecraft')!.panel = { variables: { EULA: 'true' } };
      const check = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/panel-check', payload: { catalog: current.catalog, planId: 'minecraft-4gb' }, headers: { cookie } });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json().problems).toEqual([expect.stringContaining('EULA accepted (EULA)')]);
      expect(check.json().locations).toContainEqual({ value: 'us-west', label: expect.any(String), fits: true });

      const fixed = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/panel-check', payload: { catalog, planId: 'minecraft-4gb' }, headers: { cookie } });
      expect(fixed.json().problems).toEqual([]);
      const saved = await send('/api/admin/catalog', { baseVersion: current.version, catalog, reason: 'Accept the EULA on the panel' });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await editor();
      expect(after.catalog.games.find((g) => g.slug === 'minecraft')?.panel).toEqual({ variables: { EULA: 'true' } });
      // The storefront never sees it.
      const shop = (await t.app.inject({ method: 'GET', url: '/api/catalog' })).json();
      expect(JSON.stringify(shop)).not.toContain('EULA');
    } finally {
      vanilla.variables.pop();
    }
  });

  it('is for staff who manage the catalog', async () => {
    const current = await editor();
    const customer = await createSignedInUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/catalog/panel-check', payload: { catalog: current.catalog, planId: 'minecraft-4gb' }, headers: { cookie: customer.cookie } });
    expect(res.statusCode).toBe(403);
  });

  it('saves once every required variable has a value or a default', async () => {
    const current = await editor();
    const res = await send('/api/admin/catalog', { baseVersion: current.version, catalog: withPrice(current.catalog, 'minecraft-4gb', 1500), reason: 'New price' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.some((r) => r.path === '/api/application/nests/1/eggs/5?include=variables')).toBe(true);
  });
});
