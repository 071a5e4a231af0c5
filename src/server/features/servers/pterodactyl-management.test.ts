import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { insertPaidServer, provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { systemClock } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

/** The management API end to end on the production driver, against the fake Pterodactyl panel. */
describe.each(dbKinds)('server management on Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key', resourceCacheMs: 0 });
    fake.addNode({ location_id: 1 }, [25565, 25566, 25567]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
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

  async function onlineServer(userId: string) {
    const { serverId } = await insertPaidServer(t.database.db, userId);
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    return serverId;
  }

  it('stops and starts through the Client API, and maps a suspension on the panel to server_suspended', async () => {
    const ada = await createSignedInUser(t);
    const serverId = await onlineServer(ada.id);
    const power = (action: string) =>
      t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/power`, headers: { cookie: ada.cookie }, payload: { action } });
    expect((await power('stop')).statusCode).toBe(202);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', body: { signal: 'stop' } });
    const usage = () => t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/resources`, headers: { cookie: ada.cookie } }).then((r) => r.json());
    // Wings moves through stopping; the panel's answer is fresh here (resourceCacheMs: 0).
    await expect.poll(usage).toMatchObject({ state: 'offline', cpuPercent: 0, diskBytes: 123_456_789 });

    fake.suspend(serverId);
    const refused = await power('start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'server_suspended',
      message: 'This server is suspended. Settle the outstanding invoice to start it again.',
    });
    fake.suspend(serverId, false);
    expect((await power('start')).statusCode).toBe(202);
  });

  it("redirects a backup download to the panel's signed URL, and never shows the panel's keys", async () => {
    const ada = await createSignedInUser(t);
    const serverId = await onlineServer(ada.id);
    const created = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/backups`, headers: { cookie: ada.cookie }, payload: { name: 'Nightly' } });
    expect(created.statusCode).toBe(202);
    const { backup } = created.json();
    const list = () => t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/backups`, headers: { cookie: ada.cookie } });
    // Wings finishes a backup a moment after it starts; the download is offered once it has.
    await expect.poll(async () => (await list()).json().backups[0]?.completedAt ?? null, { timeout: 10_000 }).not.toBeNull();
    const listing = await list();
    expect(listing.json()).toMatchObject({ limit: 5, backups: [{ id: backup.id, name: 'Nightly', automatic: false }] });
    const download = await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/backups/${backup.id}/download`, headers: { cookie: ada.cookie } });
    expect(download.statusCode).toBe(302);
    expect(download.headers.location).toMatch(new RegExp(`^${fake.url}/download/backup\\?token=`));
    for (const res of [created, listing, download]) expect(res.body).not.toMatch(/ptl[ac]_key/);
  });

  it('answers 503 without internals when the panel is down', async () => {
    const ada = await createSignedInUser(t);
    const serverId = await onlineServer(ada.id);
    fake.failNext(1, 500);
    const res = await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/resources`, headers: { cookie: ada.cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'panel_unavailable', message: 'The game panel is not answering right now. Please try again in a minute.' } });
  });
});
