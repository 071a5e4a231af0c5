import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPterodactylPanel } from '../../integrations/panel/pterodactyl';
import { activityMessages, insertPaidServer, provisionUntilOnline, serverRow } from '../../jobs/provisioning.fixtures';
import { systemClock } from '../../lib/runtime';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { advanceSoftwareSwitch } from './software-switch.steps';

/** A switch on the production driver against the fake Pterodactyl panel and Wings: to Paper, and back when the install script fails. */
describe.each(dbKinds)('software switching on Pterodactyl on %s', (kind) => {
  let t: TestContext;
  let fake: FakePterodactyl;
  beforeAll(async () => {
    fake = await startFakePterodactyl({ apiKey: 'ptla_key', clientKey: 'ptlc_key', resourceCacheMs: 0, backupMs: 20, reinstallMs: 50 });
    fake.addNode({ location_id: 1 }, [25565, 25566, 25567, 25568]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'ptla_key',
      clientKey: 'ptlc_key',
      flavor: 'pterodactyl',
      // The seeded eggs: 5 Vanilla, 3 Paper.
      eggs: { minecraft: { egg: 5, nest: 1 }, 'minecraft:paper': { egg: 3, nest: 1 } },
      locations: { 'us-west': 1 },
    });
    t = await createTestApp(kind, { checkout: { panel, softwareSwitches: { enqueue: async () => {} } } });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  async function onlineServer(userId: string, name: string) {
    const { serverId } = await insertPaidServer(t.database.db, userId, { name, addons: { 'automatic-backups': 1 } });
    await provisionUntilOnline({ db: t.database.db, clock: systemClock, panel: t.app.panel, events: t.app.events }, serverId, (id) => fake.finishInstall(id));
    const panelServer = fake.servers.find((s) => s.external_id === serverId)!;
    // The plan's backups, and a world to keep.
    panelServer.backup_limit = 5;
    fake.files(serverId).set('world/level.dat', { kind: 'file', content: Buffer.from('seed 42'), modified: new Date().toISOString() });
    await expect.poll(() => fake.wings.runtime(panelServer).power).toBe('running');
    return { serverId, panelServer };
  }

  async function drive(id: string) {
    for (let i = 0; i < 200; i += 1) {
      if ((await advanceSoftwareSwitch(t.app.softwareSwitches, id, { last: false })) === 'done') return;
      await new Promise((r) => setTimeout(r, 30));
    }
    throw new Error('the switch did not end');
  }

  async function start(cookie: string, serverId: string) {
    const res = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/software-switch`, headers: { cookie }, payload: { software: 'paper', version: '1.21.1' } });
    expect(res.statusCode, res.body).toBe(202);
    return res.json().switch.id as string;
  }

  const text = (serverId: string, name: string) => {
    const node = fake.files(serverId).get(name);
    return node?.kind === 'file' ? node.content.toString('utf8') : null;
  };

  it('backs up, changes the egg and reinstalls, keeps the world and starts the server on Paper', async () => {
    const ada = await createSignedInUser(t);
    const { serverId, panelServer } = await onlineServer(ada.id, 'Ptero Valley');
    const id = await start(ada.cookie, serverId);
    await drive(id);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ software: 'paper', softwareVersion: '1.21.1', status: 'online' });
    expect(panelServer).toMatchObject({ egg_id: 3, status: null, environment: expect.objectContaining({ MINECRAFT_VERSION: '1.21.1', BUILD_NUMBER: 'latest' }) });
    expect(text(serverId, 'world/level.dat')).toBe('seed 42');
    expect(text(serverId, 'server.jar')).toBe('egg 3 server jar, version 1.21.1\n');
    expect(fake.wings.runtime(panelServer).power).toBe('running');
    expect(fake.wings.runtime(panelServer).backups.map((b) => b.name)).toEqual([`Before switching to Paper 1.21.1 (${id.slice(0, 8)})`]);
    expect((await activityMessages(t.database.db, ada.id)).filter((m) => m.startsWith('Ptero Valley now runs Paper 1.21.1'))).toHaveLength(1);
  });

  it('when the install script fails: the old egg reinstalled, the backup restored (truncated), the server started on Vanilla', async () => {
    const ada = await createSignedInUser(t);
    const { serverId, panelServer } = await onlineServer(ada.id, 'Broken Valley');
    fake.failNextReinstalls(1);
    const id = await start(ada.cookie, serverId);
    await drive(id);
    const row = (await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/software`, headers: { cookie: ada.cookie } })).json().latest;
    expect(row).toMatchObject({ status: 'rolled_back', reason: 'The game panel could not install Paper 1.21.1.' });
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ software: null, status: 'online' });
    expect(panelServer).toMatchObject({ egg_id: 5, status: null, environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' } });
    expect(text(serverId, 'world/level.dat')).toBe('seed 42');
    const restores = fake.requests.filter((r) => r.path.endsWith('/restore'));
    expect(restores).toHaveLength(1);
    expect(restores[0]?.body).toEqual({ truncate: true });
    expect(fake.wings.runtime(panelServer).power).toBe('running');
  });
});
