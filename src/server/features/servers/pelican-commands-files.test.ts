import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { insertPaidServer, provisionUntilOnline } from '../../jobs/provisioning.fixtures';
import { systemClock } from '../../lib/runtime';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

/**
 * On Pelican a command for a stopped server is a silent 204 and Wings' file refusals are 500s
 * named only by exception (docs/decisions/046): customers still read what happened.
 */
describe.each(dbKinds)('console commands and files on Pelican on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'papp_key', clientKey: 'pacc_key', flavor: 'pelican', resourceCacheMs: 0 });
    fake.addNode({ location_id: 0, tags: ['us-west'], fqdn: 'node1.example.test' }, [25565, 25566, 25567]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'papp_key',
      clientKey: 'pacc_key',
      flavor: 'pelican',
      eggs: { minecraft: { egg: 1 } },
      locations: { 'us-west': 'us-west' },
    });
    t = await createTestApp(kind, { checkout: { panel } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });

  it('refuses a command for a server that stopped behind our back as offline, instead of losing it', async () => {
    const owner = await createSignedInUser(t);
    const { serverId } = await insertPaidServer(t.database.db, owner.id, { name: 'Quiet Pelican' });
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    const onPanel = fake.servers.find((s) => s.external_id === serverId)!;
    await expect.poll(() => fake.wings.runtime(onPanel).power).toBe('running');

    const sent = await call('POST', `/api/servers/${serverId}/command`, owner.cookie, { command: 'say hello' });
    expect(sent.statusCode, sent.body).toBe(204);
    expect(fake.wings.runtime(onPanel).console).toContain('[Server] say hello');

    // The game stopped (a crash, the panel's own console); our row still says online.
    fake.wings.power(onPanel, 'kill');
    const refused = await call('POST', `/api/servers/${serverId}/command`, owner.cookie, { command: 'say lost' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'server_offline', message: 'This server is offline. Start it to send commands.' });
    expect(fake.wings.runtime(onPanel).console).not.toContain('[Server] say lost');
  });

  it("says 'File not found' for a missing file or folder, not that the panel is unavailable", async () => {
    const owner = await createSignedInUser(t);
    const { serverId } = await insertPaidServer(t.database.db, owner.id, { name: 'Lost Files' });
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    const base = `/api/servers/${serverId}/files`;
    const file = await call('GET', `${base}/contents?path=nope.txt`, owner.cookie);
    expect(file.statusCode, file.body).toBe(404);
    expect(file.json().error).toMatchObject({ code: 'file_not_found', message: 'File not found.' });
    const folder = await call('GET', `${base}?path=no-such-folder`, owner.cookie);
    expect(folder.statusCode, folder.body).toBe(404);
    expect(folder.json().error.code).toBe('file_not_found');
    expect((await call('GET', `${base}/contents?path=server.properties`, owner.cookie)).json().content).toContain('motd=');
  });
});
