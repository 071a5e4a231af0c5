import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl, type FakeServer } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import type { GamePanel, PanelRef } from './game-panel';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_test_key';
const CLIENT_KEY = 'ptlc_test_key';

describe('Pterodactyl driver: reinstalling with other software and restoring backups', () => {
  let fake: FakePterodactyl;
  let panel: GamePanel;
  let server: FakeServer;
  let ref: PanelRef;
  let externalId: string;

  beforeEach(async () => {
    // Installs and restores take long enough to see them under way.
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, resourceCacheMs: 0, backupThrottle: { limit: 10, periodSeconds: 600 }, backupMs: 250, reinstallMs: 250 });
    fake.addNode({ location_id: 1 }, [25565, 25566]);
    panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      clientKey: CLIENT_KEY,
      flavor: 'pterodactyl',
      // The seeded eggs: 5 Vanilla, 3 Paper, 2 Forge; Fabric is not set up on this panel.
      eggs: { minecraft: { egg: 5, nest: 1 }, 'minecraft:paper': { egg: 3, nest: 1 }, 'minecraft:forge': { egg: 2, nest: 1 } },
      locations: { 'us-west': 1 },
      timeoutMs: 2_000,
    });
    const owner = await panel.ensureUser({ externalId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'L' });
    externalId = randomUUID();
    const created = await panel.createServer({
      externalId,
      panelUserId: owner,
      name: 'World',
      game: 'minecraft',
      location: 'us-west',
      ramGb: 4,
      vcpu: 2,
      diskGb: 40,
      backups: 3,
    });
    fake.finishInstall(externalId);
    server = fake.servers[0]!;
    ref = { panelServerId: created.panelServerId, identifier: created.identifier };
    await expect.poll(async () => (await panel.resources(ref)).state).toBe('online');
  });
  afterEach(async () => fake.close());

  const stateIs = (state: string) => expect.poll(async () => (await panel.getServer(ref.panelServerId)).state).toBe(state);
  const calls = (path: string) => fake.requests.filter((r) => r.path === path);
  const fileText = (name: string) => {
    const node = fake.files(externalId).get(name);
    return node?.kind === 'file' ? node.content.toString('utf8') : null;
  };

  it("changes the egg with every variable the new egg validates, then reinstalls: the world stays, the jar is the new software's", async () => {
    await panel.writeFile(ref, 'world/level.dat', 'seed 42');
    await panel.reinstall(ref, { game: 'minecraft', software: 'paper', version: '1.21.1' });
    const [startup] = calls(`/api/application/servers/${ref.panelServerId}/startup`);
    expect(startup).toEqual({
      method: 'PATCH',
      path: `/api/application/servers/${ref.panelServerId}/startup`,
      body: {
        egg: 3,
        image: 'ghcr.io/pterodactyl/yolks:java_21',
        startup: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
        environment: { MINECRAFT_VERSION: '1.21.1', SERVER_JARFILE: 'server.jar', DL_PATH: '', BUILD_NUMBER: 'latest' },
        skip_scripts: false,
      },
    });
    expect(calls(`/api/application/servers/${ref.panelServerId}/reinstall`)).toHaveLength(1);
    expect((await panel.getServer(ref.panelServerId)).state).toBe('installing');
    // The Client API refuses an installing server, as the panel does.
    await expect(panel.power(ref, 'start')).rejects.toMatchObject({ code: 'not_ready', status: 409 });
    await stateIs('online');
    expect(server).toMatchObject({ egg_id: 3, nest_id: 1, environment: expect.objectContaining({ MINECRAFT_VERSION: '1.21.1' }) });
    expect(fileText('world/level.dat')).toBe('seed 42');
    expect(fileText('server.jar')).toBe('egg 3 server jar, version 1.21.1\n');
    // Wings stopped the server for the install and does not start it again.
    expect((await panel.resources(ref)).state).toBe('offline');

    await panel.reinstall(ref, { game: 'minecraft', software: 'forge', version: '1.20.1' });
    await stateIs('online');
    expect(server).toMatchObject({ egg_id: 2, environment: expect.objectContaining({ MC_VERSION: '1.20.1', BUILD_TYPE: 'recommended' }) });
    // Vanilla falls back to the game's own egg.
    await panel.reinstall(ref, { game: 'minecraft', software: 'vanilla', version: '1.21.4' });
    await stateIs('online');
    expect(server).toMatchObject({ egg_id: 5, environment: { SERVER_JARFILE: 'server.jar', VANILLA_VERSION: '1.21.4' } });
  });

  it('refuses software the panel has no egg for, and relays the egg rules a version breaks', async () => {
    await expect(panel.reinstall(ref, { game: 'minecraft', software: 'fabric', version: '1.21.1' })).rejects.toMatchObject({ code: 'not_configured' });
    // Forge's MC_VERSION is at most 9 characters.
    await expect(panel.reinstall(ref, { game: 'minecraft', software: 'forge', version: '1.20.1-pre-1' })).rejects.toMatchObject({ code: 'panel_validation', status: 422 });
    expect(calls(`/api/application/servers/${ref.panelServerId}/reinstall`)).toHaveLength(0);
    expect(server.egg_id).toBe(5);
  });

  it('reports a failed install script as install_failed; a restore then waits for a good reinstall', async () => {
    const backup = await panel.createBackup(ref, { name: 'Before', automatic: false });
    await expect.poll(async () => (await panel.listBackups(ref))[0]?.completedAt).not.toBeNull();
    fake.failNextReinstalls(1);
    await panel.reinstall(ref, { game: 'minecraft', software: 'paper', version: '1.21.1' });
    await stateIs('install_failed');
    await expect(panel.restoreBackup(ref, backup.id)).rejects.toMatchObject({ code: 'not_ready', status: 400 });
    await panel.reinstall(ref, { game: 'minecraft', software: 'vanilla', version: '1.21.1' });
    await stateIs('online');
    await panel.restoreBackup(ref, backup.id);
    await stateIs('online');
  });

  it('restores a backup with truncate: the files come back as they were, the server restoring meanwhile', async () => {
    await panel.writeFile(ref, 'world/level.dat', 'seed 42');
    const backup = await panel.createBackup(ref, { name: 'Before', automatic: false });
    // Wings is still writing it: the panel refuses to restore it yet.
    await expect(panel.restoreBackup(ref, backup.id)).rejects.toMatchObject({ code: 'backup_not_ready', status: 400 });
    await expect.poll(async () => (await panel.listBackups(ref))[0]?.completedAt).not.toBeNull();
    await panel.writeFile(ref, 'world/level.dat', 'griefed');
    await panel.writeFile(ref, 'later.txt', 'made after the backup');

    await panel.restoreBackup(ref, backup.id);
    expect(calls(`/api/client/servers/${ref.identifier}/backups/${backup.id}/restore`).at(-1)).toEqual({
      method: 'POST',
      path: `/api/client/servers/${ref.identifier}/backups/${backup.id}/restore`,
      body: { truncate: true },
    });
    expect((await panel.getServer(ref.panelServerId)).state).toBe('restoring');
    await expect(panel.listFiles(ref, '')).rejects.toMatchObject({ code: 'not_ready', status: 409 });
    await stateIs('online');
    expect(fileText('world/level.dat')).toBe('seed 42');
    expect(fileText('later.txt')).toBeNull();
    expect((await panel.resources(ref)).state).toBe('offline');

    await expect(panel.restoreBackup(ref, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
  });
});
