import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl, type FakeServer } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import type { GamePanel, PanelConsoleLine, PanelRef } from './game-panel';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_test_key';
const CLIENT_KEY = 'ptlc_test_key';

describe('Pterodactyl driver: server management through the Client API', () => {
  let fake: FakePterodactyl;
  let panel: GamePanel;
  let server: FakeServer;
  let ref: PanelRef;

  beforeEach(async () => {
    // No resource cache (the panel's is 20 s) and a throttle above the plan's two backups, so each
    // test sees its own actions at once; the defaults have their own tests below.
    // Starting and stopping last 400 ms rather than 25, so the in-between state is still there to
    // read on a loaded CI machine.
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, resourceCacheMs: 0, powerTransitionMs: 400, backupThrottle: { limit: 10, periodSeconds: 600 } });
    fake.addNode({ location_id: 1 }, [25565, 25566]);
    panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      clientKey: CLIENT_KEY,
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 5, nest: 1 } },
      locations: { 'us-west': 1 },
      timeoutMs: 2_000,
    });
    const owner = await panel.ensureUser({ externalId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'L' });
    const externalId = randomUUID();
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
    server = fake.servers[0]!;
    ref = { panelServerId: created.panelServerId, identifier: created.identifier };
  });
  afterEach(async () => fake.close());

  const clientCalls = () => fake.requests.filter((r) => r.path.startsWith('/api/client/'));

  const stateIs = (state: string) => expect.poll(async () => (await panel.resources(ref)).state).toBe(state);

  it('sends power signals and reads the power state and usage from /resources', async () => {
    // Created with start_on_completion: the server boots once its install finishes.
    await stateIs('online');
    expect(await panel.resources(ref)).toEqual({
      state: 'online',
      cpuPercent: 42.5,
      memoryBytes: 536_870_912,
      diskBytes: 123_456_789,
      uptimeSeconds: 3_600,
    });
    await panel.power(ref, 'stop');
    expect(clientCalls().at(-1)).toEqual({ method: 'POST', path: `/api/client/servers/${ref.identifier}/power`, body: { signal: 'stop' } });
    expect((await panel.resources(ref)).state).toBe('stopping');
    await stateIs('offline');
    expect(await panel.resources(ref)).toMatchObject({ state: 'offline', cpuPercent: 0, uptimeSeconds: 0 });
    await panel.power(ref, 'start');
    expect((await panel.resources(ref)).state).toBe('starting');
    await stateIs('online');
  });

  it("answers the panel's 409 for a suspended server as 'suspended', and for an installing one as 'not_ready'", async () => {
    fake.suspend(server.external_id!);
    await expect(panel.power(ref, 'start')).rejects.toMatchObject({ code: 'suspended', status: 409, retryable: false });
    await expect(panel.resources(ref)).rejects.toMatchObject({ code: 'suspended' });
    fake.finishInstall(server.external_id!, 'installing');
    await expect(panel.listBackups(ref)).rejects.toMatchObject({ code: 'not_ready', status: 409 });
  });

  it('sends a GET whose connection was reset again, at most three times in all; never a POST', async () => {
    await stateIs('online');
    const calls = () => clientCalls().filter((r) => r.path === `/api/client/servers/${ref.identifier}/resources`).length;
    // Two resets, then an answer: the read succeeds on its third try.
    let before = calls();
    fake.resetNext(2);
    expect((await panel.resources(ref)).state).toBe('online');
    expect(calls() - before).toBe(3);
    // Three resets: the bound is met and the caller hears the panel was unreachable (retryable later).
    before = calls();
    fake.resetNext(3);
    await expect(panel.resources(ref)).rejects.toMatchObject({ code: 'panel_unreachable', retryable: true });
    expect(calls() - before).toBe(3);
    // A POST that may have been carried out is sent once: the power signal is not repeated.
    const power = () => clientCalls().filter((r) => r.method === 'POST' && r.path.endsWith('/power')).length;
    before = power();
    fake.resetNext(1);
    await expect(panel.power(ref, 'restart')).rejects.toMatchObject({ code: 'panel_unreachable' });
    expect(power() - before).toBe(1);
  });

  it('suspends and unsuspends through the Application API; the server comes back stopped', async () => {
    await panel.suspendServer!(ref.panelServerId);
    expect((await panel.getServer(ref.panelServerId)).state).toBe('suspended');
    await expect(panel.power(ref, 'start')).rejects.toMatchObject({ code: 'suspended' });
    await panel.unsuspendServer!(ref.panelServerId);
    expect((await panel.resources(ref)).state).toBe('offline');
    await panel.suspendServer!('999');
  });

  it('sends commands, and a stopped server refuses them as server_offline', async () => {
    await panel.sendCommand(ref, 'say hi');
    expect(clientCalls().at(-1)).toMatchObject({ method: 'POST', path: `/api/client/servers/${ref.identifier}/command`, body: { command: 'say hi' } });
    expect(fake.wings.runtime(server).console.at(-1)).toBe('[Server] say hi');
    await panel.power(ref, 'stop');
    await stateIs('offline');
    await expect(panel.sendCommand(ref, 'say hi')).rejects.toMatchObject({ code: 'server_offline' });
  });

  it('creates, lists and deletes backups, hands out the signed download URL, and maps the limit', async () => {
    const first = await panel.createBackup(ref, { name: 'One', automatic: false });
    const auto = await panel.createBackup(ref, { name: 'Automatic backup 2030-01-15', automatic: true });
    // The panel answers at once with the backup still running (completed_at null); Wings finishes it.
    expect(first).toMatchObject({ name: 'One', automatic: false, successful: true, completedAt: null });
    expect(auto.automatic).toBe(true);
    await expect(panel.createBackup(ref, { name: 'Three', automatic: false })).rejects.toMatchObject({ code: 'backup_limit' });

    await expect.poll(async () => (await panel.listBackups(ref)).every((b) => b.completedAt instanceof Date)).toBe(true);
    expect((await panel.listBackups(ref)).map((b) => b.name).sort()).toEqual(['Automatic backup 2030-01-15', 'One']);
    const download = await panel.backupDownload(ref, first.id);
    if (download.kind !== 'redirect') throw new Error('expected a signed URL');
    expect(download.url).toMatch(new RegExp(`^${fake.url}/download/backup\\?token=`));
    const bytes = Buffer.from(await (await fetch(download.url)).arrayBuffer());
    expect(bytes).toEqual(fake.wings.runtime(server).backups[0]!.content);
    // Wings takes each signed URL once.
    expect((await fetch(download.url)).status).toBe(404);

    await panel.deleteBackup(ref, first.id);
    await panel.deleteBackup(ref, first.id);
    expect((await panel.listBackups(ref)).map((b) => b.id)).toEqual([auto.id]);
    await expect(panel.backupDownload(ref, first.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('proxies the console websocket: recent lines, live lines, a token refreshed before it expires, a dropped socket reopened', async () => {
    fake.wings.print(server, '\u001b[33m[Server thread/INFO]: Done (3.2s)!\u001b[39m');
    const lines: PanelConsoleLine[] = [];
    const closed: string[] = [];
    const session = await panel.openConsole(ref, { line: (l) => lines.push(l), closed: (r) => closed.push(r) });
    await expect.poll(() => lines.map((l) => l.line)).toContain('[Server thread/INFO]: Done (3.2s)!');
    expect(fake.wings.auths).toHaveLength(1);

    await panel.sendCommand(ref, 'say live');
    await expect.poll(() => lines.map((l) => l.line)).toContain('[Server] say live');

    fake.wings.expireTokens(server);
    await expect.poll(() => fake.wings.auths.length).toBe(2);
    expect(fake.wings.auths[1]).not.toBe(fake.wings.auths[0]);
    fake.wings.print(server, 'after the refresh');
    await expect.poll(() => lines.map((l) => l.line)).toContain('after the refresh');

    fake.wings.dropSockets(server);
    await expect.poll(() => fake.wings.auths.length, { timeout: 5_000 }).toBe(3);
    await expect.poll(() => fake.wings.openSockets(server)).toBe(1);
    fake.wings.print(server, 'after the reconnect');
    await expect.poll(() => lines.map((l) => l.line)).toContain('after the reconnect');
    // The recent lines are asked for once, so a reconnect does not repeat them.
    expect(lines.filter((l) => l.line.startsWith('[Server thread/INFO]: Done')).length).toBe(1);
    expect(closed).toEqual([]);

    session.close();
    await expect.poll(() => fake.wings.openSockets(server)).toBe(0);
    expect(fake.requests.some((r) => JSON.stringify(r).includes(CLIENT_KEY))).toBe(false);
  });

  it('needs PANEL_CLIENT_KEY for management', async () => {
    const noClientKey = createPterodactylPanel({ url: fake.url, applicationKey: KEY, flavor: 'pterodactyl', eggs: {}, locations: {} });
    await expect(noClientKey.power(ref, 'start')).rejects.toMatchObject({ code: 'not_configured', retryable: false });
  });

  it('lists every user and node through the Application API, page by page', async () => {
    for (let i = 0; i < 120; i += 1) fake.addUser({ email: `player${i}@example.test` });
    fake.addNode({ location_id: 7 }, []);
    const users = await panel.listUsers();
    expect(users).toHaveLength(121);
    expect(users.find((u) => u.email === 'player119@example.test')).toMatchObject({ externalId: null, firstName: 'Existing' });
    expect(fake.requests.some((r) => r.path === '/api/application/users?per_page=100&page=2')).toBe(true);
    const nodes = await panel.listNodes();
    expect(nodes).toEqual([
      expect.objectContaining({ location: 'us-west', panelLocation: '1', memoryMb: 32_768, serverLimit: null, maintenance: false }),
      expect.objectContaining({ location: null, panelLocation: '7' }),
    ]);
    expect(nodes[0]!.fqdn).toMatch(/\.panel\.test$/);
  });
});
