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
      pullStallMs: 300,
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

  async function movedBackup() {
    const from = await serverIn('us-west');
    const to = await serverIn('eu-west');
    await panel.writeFile(from.ref, 'world/level.dat', 'seed 42');
    const backup = await panel.createBackup(from.ref, { name: 'Before the move', automatic: true });
    await expect.poll(async () => (await panel.listBackups(from.ref))[0]?.completedAt).toBeTruthy();
    return { from, to, backup };
  }
  const uuidOf = (externalId: string) => fake.servers.find((s) => s.external_id === externalId)!.uuid;
  const pulls = (identifier: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === `/api/client/servers/${identifier}/files/pull`);

  /** Wings' background pull fails without a word: the panel said 204, and the file never comes or stops growing. */
  async function failsWithin(copy: Promise<void>, ms: number) {
    const started = Date.now();
    const error = await copy.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PanelError);
    expect(error).toMatchObject({ code: 'pull_failed', retryable: false });
    expect(Date.now() - started).toBeLessThan(ms);
    return error as PanelError;
  }

  it('a source node at a private address: the panel answers 204, Wings refuses the download silently, the move sees no bytes and fails within the window', async () => {
    const { from, to, backup } = await movedBackup();
    fake.nodes[0]!.fqdn = '10.0.0.9';
    await failsWithin(panel.copyBackup(from.ref, backup.id, to.ref), 5_000);
    expect(pulls(to.ref.identifier)).toHaveLength(1);
    expect(fake.pulls.failures).toEqual([expect.objectContaining({ server: uuidOf(to.externalId), error: 'downloader: destination resolves to internal network location' })]);
    expect([...fake.files(to.externalId).keys()].some((k) => k.includes('spawnpoint-move'))).toBe(false);
  });

  it('a source node whose name resolves to a loopback address is refused the same way', async () => {
    const { from, to, backup } = await movedBackup();
    fake.nodes[0]!.fqdn = 'wings.internal.example';
    fake.pulls.dns.set('wings.internal.example', '127.0.1.1');
    await failsWithin(panel.copyBackup(from.ref, backup.id, to.ref), 5_000);
    expect(fake.pulls.failures.at(-1)?.error).toMatch(/internal network/);
  });

  it('an archive the new server’s disk cannot hold: no file appears (Write checks the length first) and the move fails', async () => {
    const { from, to, backup } = await movedBackup();
    fake.pulls.diskLimits.set(uuidOf(to.externalId), 64);
    await failsWithin(panel.copyBackup(from.ref, backup.id, to.ref), 5_000);
    expect(fake.pulls.failures.at(-1)?.error).toMatch(/not enough disk space/);
  });

  it('a download that stops part way: the partial file stops growing and the move fails', async () => {
    const { from, to, backup } = await movedBackup();
    fake.pulls.stallNext = 1;
    const error = await failsWithin(panel.copyBackup(from.ref, backup.id, to.ref), 5_000);
    expect(error.message).toMatch(/stopped at \d+ of \d+ bytes/);
    expect(fake.pulls.failures).toEqual([]);
  });

  it('a node with api.disable_remote_download: Wings refuses the pull at once, and the driver says so (not retried)', async () => {
    const { from, to, backup } = await movedBackup();
    fake.pulls.disabledNodes.add(fake.nodes[1]!.id);
    const error = await panel.copyBackup(from.ref, backup.id, to.ref).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'remote_download_disabled', retryable: false });
  });

  it('room for the archive but not for the archive and its files unpacked: the unpack is refused as a disk too small', async () => {
    const { from, to, backup } = await movedBackup();
    const archive = fake.wings.runtime({ uuid: uuidOf(from.externalId) }).backups[0]!.content.length;
    fake.pulls.diskLimits.set(uuidOf(to.externalId), archive + 8);
    const error = await panel.copyBackup(from.ref, backup.id, to.ref).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'disk_too_small', retryable: false });
  });

  it('tells a move ahead when the source node’s address is private (read from the Application API), and not when it is public', async () => {
    const from = await serverIn('us-west');
    expect(await panel.privateMoveSource!(from.ref)).toBeNull();
    fake.nodes[0]!.fqdn = '192.168.1.20';
    expect(await panel.privateMoveSource!(from.ref)).toEqual({ host: '192.168.1.20', address: '192.168.1.20' });
  });
});

describe("Pelican driver: a node's refused or failed pull for a region move", () => {
  let fake: FakePterodactyl;
  let panel: GamePanel;
  let owner: string;

  beforeEach(async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, flavor: 'pelican', resourceCacheMs: 0, backupThrottle: { limit: 10, periodSeconds: 600 }, backupMs: 20 });
    fake.addNode({ location_id: 0, tags: ['us-west'] }, [25565]);
    fake.addNode({ location_id: 0, tags: ['eu-west'] }, [25565], '10.0.1.5', '203.0.113.60');
    panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      clientKey: CLIENT_KEY,
      flavor: 'pelican',
      eggs: { minecraft: { egg: 7 } },
      locations: { 'us-west': 'us-west', 'eu-west': 'eu-west' },
      timeoutMs: 2_000,
      pullPollMs: 20,
      pullStallMs: 300,
    });
    owner = await panel.ensureUser({ externalId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'L' });
  });
  afterEach(async () => fake.close());

  async function serverIn(location: string): Promise<PanelRef> {
    const externalId = randomUUID();
    const created = await panel.createServer({ externalId, panelUserId: owner, name: 'World', game: 'minecraft', location, ramGb: 4, vcpu: 2, diskGb: 40, backups: 3 });
    fake.finishInstall(externalId);
    return { panelServerId: created.panelServerId, identifier: created.identifier };
  }
  async function backupOf(from: PanelRef) {
    const backup = await panel.createBackup(from, { name: 'Before the move', automatic: true });
    await expect.poll(async () => (await panel.listBackups(from))[0]?.completedAt).toBeTruthy();
    return backup;
  }

  it('api.disable_remote_download reaches us as a bare 500 RequestException: a refusal, not retried', async () => {
    const from = await serverIn('us-west');
    const to = await serverIn('eu-west');
    const backup = await backupOf(from);
    fake.pulls.disabledNodes.add(fake.nodes[1]!.id);
    const error = await panel.copyBackup(from, backup.id, to).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'pull_refused', retryable: false });
  });

  it('a silent failure (a private source address) is seen within the window', async () => {
    const from = await serverIn('us-west');
    const to = await serverIn('eu-west');
    const backup = await backupOf(from);
    fake.nodes[0]!.fqdn = '172.20.0.3';
    const started = Date.now();
    const error = await panel.copyBackup(from, backup.id, to).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'pull_failed', retryable: false });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
