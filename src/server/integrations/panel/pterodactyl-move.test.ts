import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { PanelError, type GamePanel, type PanelRef } from './game-panel';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_test_key';
const CLIENT_KEY = 'ptlc_test_key';

describe('Pterodactyl driver: a region move puts one server’s backup onto a server in another location', () => {
  let fake: FakePterodactyl;
  let panel: GamePanel;
  let owner: string;

  beforeEach(async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, resourceCacheMs: 0, backupThrottle: { limit: 10, periodSeconds: 600 }, backupMs: 50 });
    fake.addNode({ location_id: 1 }, [25565]);
    fake.addNode({ location_id: 2 }, [25565], '10.0.1.5', '203.0.113.60');
    panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      clientKey: CLIENT_KEY,
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 5, nest: 1 } },
      locations: { 'us-west': 1, 'eu-west': 2 },
      timeoutMs: 2_000,
      pullPollMs: 20,
    });
    owner = await panel.ensureUser({ externalId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'L' });
  });
  afterEach(async () => fake.close());

  async function serverIn(location: string): Promise<{ ref: PanelRef; externalId: string }> {
    const externalId = randomUUID();
    const created = await panel.createServer({ externalId, panelUserId: owner, name: 'World', game: 'minecraft', location, ramGb: 4, vcpu: 2, diskGb: 40, backups: 3 });
    fake.finishInstall(externalId);
    return { ref: { panelServerId: created.panelServerId, identifier: created.identifier }, externalId };
  }
  const text = (externalId: string, name: string) => {
    const node = fake.files(externalId).get(name);
    return node?.kind === 'file' ? node.content.toString('utf8') : null;
  };

  it("pulls the backup's signed URL onto the new server, waits until the file is whole, unpacks it over an emptied root and deletes the archive", async () => {
    const from = await serverIn('us-west');
    const to = await serverIn('eu-west');
    expect((await panel.getServer(to.ref.panelServerId)).ip).toBe('203.0.113.60');
    await panel.writeFile(from.ref, 'world/level.dat', 'seed 42');
    await panel.writeFile(to.ref, 'only-here.txt', 'the new server’s own file');
    const backup = await panel.createBackup(from.ref, { name: 'Before the move', automatic: true });
    await expect.poll(async () => (await panel.listBackups(from.ref))[0]?.completedAt).toBeTruthy();

    await panel.copyBackup(from.ref, backup.id, to.ref);

    expect(text(to.externalId, 'world/level.dat')).toBe('seed 42');
    expect(text(to.externalId, 'server.properties')).toBe(text(from.externalId, 'server.properties'));
    expect(text(to.externalId, 'only-here.txt')).toBeNull();
    expect([...fake.files(to.externalId).keys()].some((k) => k.includes('spawnpoint-move'))).toBe(false);
    const client = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === `/api/client/servers/${to.ref.identifier}/files${path}`);
    expect(client('/pull')).toEqual([
      expect.objectContaining({
        body: { url: expect.stringMatching(new RegExp(`^${fake.url}/download/backup\\?token=`)), directory: '/', filename: `.spawnpoint-move-${backup.id.slice(0, 8)}.tar.gz`, foreground: false },
      }),
    ]);
    // The node wrote half the file first: the driver looked again until it was whole.
    expect(fake.requests.filter((r) => r.path.startsWith(`/api/client/servers/${to.ref.identifier}/files/list`)).length).toBeGreaterThanOrEqual(3);
    expect(client('/decompress')).toEqual([expect.objectContaining({ body: { root: '/', file: `.spawnpoint-move-${backup.id.slice(0, 8)}.tar.gz` } })]);
    // The source keeps its files.
    expect(text(from.externalId, 'world/level.dat')).toBe('seed 42');
  });

  it('answers not_found for a backup the source does not have, and leaves the target as it was', async () => {
    const from = await serverIn('us-west');
    const to = await serverIn('eu-west');
    await panel.writeFile(to.ref, 'only-here.txt', 'kept');
    const error = await panel.copyBackup(from.ref, randomUUID(), to.ref).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    expect((error as PanelError).code).toBe('not_found');
    expect(text(to.externalId, 'only-here.txt')).toBe('kept');
  });
});
