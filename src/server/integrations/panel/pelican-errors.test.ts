import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import type { GamePanel, PanelRef } from './game-panel';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_test_key';
const CLIENT_KEY = 'ptlc_test_key';
const MB = 1024 * 1024;

/**
 * Pelican's Client API hides what Wings said: a command for a stopped server is a silent 204, and a
 * file refusal is a 500 named only by its exception class. Customers must still hear what happened.
 */
describe.each(['pelican', 'pterodactyl'] as const)('%s: commands and file refusals reach the customer in words', (flavor) => {
  let fake: FakePterodactyl;
  let panel: GamePanel;
  let ref: PanelRef;
  let externalId: string;

  beforeEach(async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, flavor, resourceCacheMs: 0, uploadLimitMb: 1 });
    fake.addNode(flavor === 'pelican' ? { location_id: 0, tags: ['us-west'] } : { location_id: 1 }, [25565, 25566]);
    panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      clientKey: CLIENT_KEY,
      flavor,
      eggs: { minecraft: flavor === 'pelican' ? { egg: 7 } : { egg: 5, nest: 1 } },
      locations: { 'us-west': flavor === 'pelican' ? 'us-west' : 1 },
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
      backups: 2,
    });
    fake.finishInstall(externalId);
    ref = { panelServerId: created.panelServerId, identifier: created.identifier };
  });
  afterEach(async () => fake.close());

  const raw = (method: string, path: string, body?: unknown) =>
    fetch(`${fake.url}/api/client/servers/${ref.identifier}${path}`, {
      method,
      headers: { authorization: `Bearer ${CLIENT_KEY}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const consoleOf = () => fake.wings.runtime(fake.servers[0]!).console;

  it('refuses a command for a stopped server as server_offline, and delivers one to a running server', async () => {
    await expect.poll(async () => (await panel.resources(ref)).state).toBe('online');
    await panel.sendCommand(ref, 'say hello');
    expect(consoleOf()).toContain('[Server] say hello');

    await panel.power(ref, 'stop');
    await expect.poll(async () => (await panel.resources(ref)).state).toBe('offline');
    // What the panel itself answers: Pelican drops the command behind a 204, Pterodactyl says 502.
    const answered = await raw('POST', '/command', { command: 'say lost' });
    expect(answered.status).toBe(flavor === 'pelican' ? 204 : 502);
    expect(consoleOf()).not.toContain('[Server] say lost');

    await expect(panel.sendCommand(ref, 'say again')).rejects.toMatchObject({ code: 'server_offline', retryable: false });
    expect(consoleOf()).not.toContain('[Server] say again');
  });

  it('says a missing file or folder is not found, not a panel failure', async () => {
    const missing = await raw('GET', '/files/contents?file=%2Fnope.txt');
    if (flavor === 'pelican') {
      expect(missing.status).toBe(500);
      expect(await missing.json()).toMatchObject({ errors: [{ code: 'FileNotFoundException', status: '500' }] });
    } else {
      expect(missing.status).toBe(404);
    }
    await expect(panel.readFile(ref, 'nope.txt', MB)).rejects.toMatchObject({ code: 'file_not_found', retryable: false });
    await expect(panel.listFiles(ref, 'no-such-folder')).rejects.toMatchObject({ code: 'file_not_found', retryable: false });
    await expect(panel.renameFile(ref, 'nope.txt', 'other.txt')).rejects.toMatchObject({ code: 'file_not_found', retryable: false });
  });

  it('refuses to open a folder as text, and an existing name for a new folder', async () => {
    await expect(panel.readFile(ref, 'world', MB)).rejects.toMatchObject({ retryable: false, code: flavor === 'pelican' ? 'not_text' : 'bad_path' });
    await expect(panel.createFolder(ref, '', 'world')).rejects.toMatchObject({ retryable: false, code: flavor === 'pelican' ? 'file_exists' : 'bad_path' });
    // A file can still be read and written.
    await panel.writeFile(ref, 'notes.txt', 'hello');
    expect(await panel.readFile(ref, 'notes.txt', MB)).toBe('hello');
  });

  it("says 'too large' for an upload over Wings' limit (its 400, not a 413)", async () => {
    const big = Readable.from([Buffer.alloc(2 * MB, 1)]);
    await expect(panel.uploadFile(ref, '', 'world.zip', big, 100 * MB)).rejects.toMatchObject({
      code: 'too_large',
      retryable: false,
      message: 'The file is larger than the game panel accepts: upload it with SFTP instead.',
    });
    expect(fake.files(externalId).has('world.zip')).toBe(false);
    await panel.uploadFile(ref, '', 'small.txt', Readable.from([Buffer.from('ok')]), 100 * MB);
    expect(fake.files(externalId).has('small.txt')).toBe(true);
  });
});
