import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { createPanelBudget } from '../../integrations/panel/panel-budget';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { insertPaidServer, provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { systemClock } from '../../lib/runtime';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, dbKinds, openTestDatabase, startTestInstance, type TestContext } from '../../test/test-app';
import { seedCatalog } from '../catalog/catalog.repository';

/**
 * The panel's one client limit through the app (decision 048): a customer's power action waits out
 * the panel's 429 instead of failing, and a page's poll reads recent usage instead of spending the
 * budget again.
 */
describe.each(dbKinds)('the panel budget through the app on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let fake: FakePterodactyl;
  let t: TestContext;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
    await seedCatalog(database.db);
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key', resourceCacheMs: 0, clientRateLimit: { max: 6, windowMs: 1_500 } });
    fake.addNode({ location_id: 1 }, [25565, 25566]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 1, nest: 1 } },
      locations: { 'us-west': 1 },
      clientBudget: createPanelBudget(database.db, systemClock, { perMinute: 6, windowMs: 1_500, key: `app-${kind}` }),
    });
    t = await startTestInstance(database, { checkout: { panel } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await dispose?.();
  });

  async function onlineServer(userId: string) {
    const { serverId } = await insertPaidServer(database.db, userId);
    await provisionUntilOnline({ db: database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    return serverId;
  }

  it("answers a power action 202 when the panel's limit was spent elsewhere: the 429 is waited out", async () => {
    const ada = await createSignedInUser(t);
    const serverId = await onlineServer(ada.id);
    // Someone else on the same panel user (the admin in the panel's UI) spends the window.
    for (let i = 0; i < 8; i += 1) {
      await fetch(`${fake.url}/api/client/servers/none/resources`, { headers: { authorization: 'Bearer ptlc_key' } });
    }
    const refusedBefore = fake.refusedClientRequests();
    const res = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/power`, headers: { cookie: ada.cookie }, payload: { action: 'stop' } });
    expect(res.statusCode).toBe(202);
    expect(fake.refusedClientRequests()).toBeGreaterThan(refusedBefore);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', body: { signal: 'stop' } });
  });

  it("serves a page's poll from usage read moments ago, while an action always asks the panel", async () => {
    const ada = await createSignedInUser(t);
    const serverId = await onlineServer(ada.id);
    const resourceCalls = () => fake.requests.filter((r) => r.path.endsWith('/resources')).length;
    const poll = () => t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/resources`, headers: { cookie: ada.cookie } });
    expect((await poll()).statusCode).toBe(200);
    const afterFirst = resourceCalls();
    expect((await poll()).statusCode).toBe(200);
    expect(resourceCalls()).toBe(afterFirst);
    const power = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/power`, headers: { cookie: ada.cookie }, payload: { action: 'stop' } });
    expect(power.statusCode).toBe(202);
    expect(fake.requests.filter((r) => r.path.endsWith('/power')).length).toBeGreaterThan(0);
  });
});
