import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { PanelError, type GamePanel } from './game-panel';
import { createPterodactylPanel, EVERY_PORT, panelUsername } from './pterodactyl';

const KEY = 'ptla_test_key';
const user = (externalId = randomUUID()) => ({ externalId, email: `ada-${externalId.slice(0, 6)}@example.test`, firstName: 'Ada', lastName: 'Lovelace' });
const serverInput = (panelUserId: string, location = 'us-west') => ({
  externalId: randomUUID(),
  panelUserId,
  name: 'Creeper Valley',
  game: 'minecraft',
  location,
  ramGb: 4,
  vcpu: 2,
  diskGb: 40,
  backups: 3,
});

describe('Pterodactyl driver against a fake Application API', () => {
  let fake: FakePterodactyl;
  let panel: GamePanel;

  beforeEach(async () => {
    fake = await startFakePterodactyl({ apiKey: KEY });
    fake.addNode({ location_id: 1 }, [25565, 25566]);
    fake.addNode({ location_id: 2 }, []);
    panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      flavor: 'pterodactyl',
      eggs: { minecraft: { egg: 5, nest: 1, environment: { MC_VERSION: '1.21' } } },
      locations: { 'us-west': 1, 'eu-west': 2 },
      timeoutMs: 2_000,
    });
  });
  afterEach(async () => fake.close());

  it('finds the user by external id, then by email, and creates it only when neither exists', async () => {
    const ada = user();
    const id = await panel.ensureUser(ada);
    expect(fake.users).toHaveLength(1);
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      external_id: ada.externalId,
      email: ada.email,
      username: panelUsername(ada.email, ada.externalId),
      first_name: 'Ada',
      last_name: 'Lovelace',
    });
    expect(await panel.ensureUser(ada)).toBe(id);
    expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1);

    const existing = fake.addUser({ email: 'grace@example.test' });
    expect(await panel.ensureUser({ ...user(), email: 'Grace@Example.test' })).toBe(String(existing.id));
    expect(fake.users).toHaveLength(2);
  });

  it('creates the server with the plan limits, the egg and deploy by location, then reads the allocation back', async () => {
    const owner = await panel.ensureUser(user());
    const input = serverInput(owner);
    const created = await panel.createServer(input);
    expect(created).toMatchObject({ state: 'installing', ip: '203.0.113.50', port: 25565 });
    expect(created.panelUrl).toBe(`${fake.url}/server/${created.identifier}`);
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/application/servers');
    expect(post?.body).toMatchObject({
      external_id: input.externalId,
      user: Number(owner),
      egg: 5,
      docker_image: 'ghcr.io/pterodactyl/yolks:java_21',
      startup: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
      environment: { SERVER_JARFILE: 'server.jar', MC_VERSION: '1.21' },
      limits: { memory: 4096, swap: 0, disk: 40_960, io: 500, cpu: 200 },
      feature_limits: { databases: 0, allocations: 1, backups: 3 },
      deploy: { locations: [1], dedicated_ip: false, port_range: [] },
      start_on_completion: true,
    });

    fake.finishInstall(input.externalId);
    expect((await panel.getServer(created.panelServerId)).state).toBe('online');
    fake.finishInstall(input.externalId, 'install_failed');
    expect((await panel.getServer(created.panelServerId)).state).toBe('install_failed');
  });

  it('is idempotent on the external id: a second create answers the first server', async () => {
    const owner = await panel.ensureUser(user());
    const input = serverInput(owner);
    const first = await panel.createServer(input);
    const again = await panel.createServer(input);
    expect(again.panelServerId).toBe(first.panelServerId);
    expect(fake.servers).toHaveLength(1);
    expect((await panel.findServer(input.externalId))?.port).toBe(first.port);
    expect(await panel.findServer(randomUUID())).toBeNull();
  });

  it('reports no capacity, before and at creation, as the non-retryable no_capacity error', async () => {
    const owner = await panel.ensureUser(user());
    expect(await panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(true);
    expect(await panel.hasCapacity('eu-west', { ramGb: 4, diskGb: 40 })).toBe(false);
    expect(await panel.hasCapacity('asia-pacific', { ramGb: 4, diskGb: 40 })).toBe(false);
    expect(await panel.hasCapacity('us-west', { ramGb: 64, diskGb: 40 })).toBe(false);

    const noPort = await panel.createServer(serverInput(owner, 'eu-west')).catch((e: unknown) => e);
    expect(noPort).toBeInstanceOf(PanelError);
    expect(noPort).toMatchObject({ code: 'no_capacity', retryable: false, status: 400 });
    expect((noPort as Error).message).toContain('NoViableAllocationException');

    const tooBig = await panel.createServer({ ...serverInput(owner), ramGb: 64 }).catch((e: unknown) => e);
    expect(tooBig).toMatchObject({ code: 'no_capacity', retryable: false });
    expect((tooBig as Error).message).toContain('NoViableNodeException');
  });

  it("parses the panel's error body: 5xx retryable, a wrong key retryable, a missing server not_found", async () => {
    fake.failNext(1, 503);
    const down = await panel.ensureUser(user()).catch((e: unknown) => e);
    expect(down).toMatchObject({ retryable: true, status: 503 });
    expect((down as Error).message).toContain('HttpException');

    const wrongKey = createPterodactylPanel({
      url: fake.url,
      applicationKey: 'nope',
      flavor: 'pterodactyl',
      eggs: {},
      locations: {},
    });
    await expect(wrongKey.findServer('x')).rejects.toMatchObject({ code: 'panel_auth', status: 401 });
    await expect(panel.getServer('999')).rejects.toMatchObject({ code: 'not_found', retryable: false });

    const unreachable = createPterodactylPanel({ url: 'http://127.0.0.1:9', applicationKey: KEY, flavor: 'pterodactyl', eggs: {}, locations: {} });
    await expect(unreachable.findServer('x')).rejects.toMatchObject({ code: 'panel_unreachable', retryable: true });
  });

  it('resizes through PATCH /build with every field the panel requires, keeping what the plan does not own', async () => {
    const owner = await panel.ensureUser(user());
    const input = serverInput(owner);
    const created = await panel.createServer(input);
    fake.finishInstall(input.externalId);
    const onPanel = fake.servers.find((s) => s.external_id === input.externalId)!;
    // A host's own tuning: two allocations allowed, io and swap changed, pinned cores, a database.
    Object.assign(onPanel, { io: 700, swap: 512, threads: '0-3', database_limit: 1, allocation_limit: 2 });
    const allocation = onPanel.allocation_id;

    await panel.resizeServer(created.panelServerId, { ramGb: 8, vcpu: 4, diskGb: 80, backups: 5 });
    const patch = fake.requests.find((r) => r.method === 'PATCH');
    expect(patch).toMatchObject({ path: `/api/application/servers/${created.panelServerId}/build` });
    expect(patch?.body).toEqual({
      allocation,
      limits: { memory: 8192, swap: 512, disk: 81_920, io: 700, cpu: 400, threads: '0-3' },
      feature_limits: { databases: 1, allocations: 2, backups: 5 },
    });
    expect(onPanel).toMatchObject({ memory: 8192, cpu: 400, disk: 81_920, swap: 512, io: 700, threads: '0-3', allocation_limit: 2, backup_limit: 5, allocation_id: allocation });
    // Nothing else moved: same address, still installed, and Wings reports the new memory limit.
    expect(await panel.getServer(created.panelServerId)).toMatchObject({ state: 'online', ip: created.ip, port: created.port });
    expect(fake.wings.stats(onPanel).memory_limit_bytes).toBe(8192 * 1_048_576);

    // The same limits again change nothing; a missing server is not_found.
    await panel.resizeServer(created.panelServerId, { ramGb: 8, vcpu: 4, diskGb: 80, backups: 5 });
    expect(onPanel.memory).toBe(8192);
    await expect(panel.resizeServer('999999', { ramGb: 1, vcpu: 1, diskGb: 1, backups: 0 })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('deletes a server, and a missing one is not an error', async () => {
    const owner = await panel.ensureUser(user());
    const created = await panel.createServer(serverInput(owner));
    await panel.deleteServer(created.panelServerId);
    expect(fake.servers).toHaveLength(0);
    await panel.deleteServer(created.panelServerId);
    // The freed port is deployable again.
    expect(await panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(true);
  });

  it('refuses a game or location missing from the configuration without calling create', async () => {
    const owner = await panel.ensureUser(user());
    await expect(panel.createServer({ ...serverInput(owner), game: 'palworld' })).rejects.toMatchObject({ code: 'not_configured', retryable: false });
    await expect(panel.createServer(serverInput(owner, 'asia-pacific'))).rejects.toMatchObject({ code: 'no_capacity', retryable: false });
    expect(fake.servers).toHaveLength(0);
  });
});

describe('Pelican flavour', () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake.close());

  it('deploys by node tag, asks /nodes/deployable for capacity and reads eggs without nests', async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, flavor: 'pelican' });
    fake.addNode({ location_id: 0, tags: ['us-west'] }, [25565]);
    const panel = createPterodactylPanel({
      url: fake.url,
      applicationKey: KEY,
      flavor: 'pelican',
      eggs: { minecraft: { egg: 7 } },
      locations: { 'us-west': 'us-west', 'eu-west': 'eu-west' },
    });
    expect(await panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(true);
    expect(await panel.hasCapacity('eu-west', { ramGb: 4, diskGb: 40 })).toBe(false);
    expect(fake.requests.some((r) => r.path.startsWith('/api/application/nodes/deployable?memory=4096&disk=40960&tags'))).toBe(true);

    const owner = await panel.ensureUser(user());
    const created = await panel.createServer(serverInput(owner));
    expect(created).toMatchObject({ state: 'installing', port: 25565 });
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/application/servers');
    // Pelican picks an allocation only for the ports named: every port is named.
    expect(post?.body).toMatchObject({ deploy: { tags: ['us-west'], dedicated_ip: false, port_range: EVERY_PORT } });
    expect(fake.requests.some((r) => r.path.startsWith('/api/application/eggs/7'))).toBe(true);
  });
});

describe('panel usernames', () => {
  it('fit the panel rule: lower-case, start and end with a letter or digit', () => {
    expect(panelUsername('Ada.Lovelace+spam@example.test', 'AB12cd34-xx')).toBe('ada.lovelacespam_ab12cd34');
    expect(panelUsername('__@example.test', 'abc')).toBe('user_abc');
    expect(panelUsername('ada@example.test', 'abc')).toMatch(/^[a-z0-9]([\w.-]+)[a-z0-9]$/);
  });
});
