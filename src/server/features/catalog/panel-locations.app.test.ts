import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCatalog } from '../../../shared/schemas/admin/catalog';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { minecraftChoice } from '../checkout/checkout.fixtures';

describe.each(dbKinds)('a location mapped to the panel in the catalog on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;

  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key' });
    fake.addNode({ location_id: 3 }, [25565, 25566]);
    t = await createTestApp(kind, {
      env: {
        PANEL_URL: fake.url,
        PANEL_APPLICATION_KEY: 'ptla_key',
        PANEL_CLIENT_KEY: 'ptlc_key',
        PANEL_EGGS: '{"minecraft":{"egg":1,"nest":1}}',
        PANEL_LOCATIONS: '{"us-west":1}',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('is sold on the panel location staff set, without a restart', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const customer = await createSignedInUser(t);
    const checkout = () =>
      t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: customer.cookie }, payload: { ...minecraftChoice, location: 'eu-west' } });
    // PANEL_LOCATIONS does not name eu-west, so the panel has no room there.
    expect((await checkout()).json().error?.code).toBe('location_full');

    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json() as AdminCatalog;
    const catalog = structuredClone(current.catalog);
    catalog.locations.find((l) => l.value === 'eu-west')!.panelLocation = '3';
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/catalog',
      headers: { cookie: admin.cookie },
      payload: { baseVersion: current.version, catalog, reason: 'Amsterdam node is up' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await checkout();
    expect(res.statusCode, res.body).toBe(200);
  });
});
