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

  it('saves once every required variable has a value or a default', async () => {
    const current = await editor();
    const res = await send('/api/admin/catalog', { baseVersion: current.version, catalog: withPrice(current.catalog, 'minecraft-4gb', 1500), reason: 'New price' });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.requests.some((r) => r.path === '/api/application/nests/1/eggs/5?include=variables')).toBe(true);
  });
});
