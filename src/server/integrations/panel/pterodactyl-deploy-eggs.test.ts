import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelEggConfig } from '../../config';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createPterodactylPanel, EVERY_PORT } from './pterodactyl';
import { fillVariables } from './pterodactyl-eggs';

const KEY = 'ptla_test_key';
const VANILLA = 5;
const image = 'ghcr.io/pterodactyl/yolks:java_21';
const startup = 'java -Xms128M -jar {{SERVER_JARFILE}}';

function serverInput(panelUserId: string) {
  return { externalId: randomUUID(), panelUserId, name: 'Creeper Valley', game: 'minecraft', location: 'us-west', ramGb: 4, vcpu: 2, diskGb: 40, backups: 1 };
}

async function setUp(flavor: 'pterodactyl' | 'pelican', eggs: Record<string, PanelEggConfig>) {
  const fake = await startFakePterodactyl({ apiKey: KEY, flavor });
  fake.addNode(flavor === 'pelican' ? { location_id: 0, tags: ['us-west'] } : { location_id: 1 }, [25565, 25566]);
  const panel = createPterodactylPanel({
    url: fake.url,
    applicationKey: KEY,
    flavor,
    eggs,
    locations: { 'us-west': flavor === 'pelican' ? 'us-west' : 1 },
    timeoutMs: 2_000,
  });
  const owner = await panel.ensureUser({ externalId: randomUUID(), email: `ada-${randomUUID().slice(0, 6)}@example.test`, firstName: 'Ada', lastName: 'L' });
  return { fake, panel, owner };
}

describe('Pelican deployment (ServerCreationService since beta23)', () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it('names ports, so the server gets an allocation and an address', async () => {
    const s = await setUp('pelican', { minecraft: { egg: VANILLA } });
    fake = s.fake;
    const created = await s.panel.createServer(serverInput(s.owner));
    expect(created).toMatchObject({ ip: '203.0.113.50', port: 25565 });
    expect(fake.servers[0]?.allocation_id).not.toBeNull();
  });

  it('without ports the panel itself leaves the server with no allocation (what the driver must avoid)', async () => {
    const s = await setUp('pelican', { minecraft: { egg: VANILLA } });
    fake = s.fake;
    const res = await fetch(`${fake.url}/api/application/servers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        name: 'x', user: Number(s.owner), egg: VANILLA, environment: {},
        limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100 },
        feature_limits: { databases: 0, backups: 0 },
        deploy: { tags: ['us-west'], dedicated_ip: false, port_range: [] },
      }),
    });
    expect(res.status).toBe(201);
    expect(fake.servers[0]).toMatchObject({ allocation_id: null, node_id: fake.nodes[0]!.id });
  });

  it('asks /nodes/deployable with the CPU, which Pelican weighs as creation does', async () => {
    const s = await setUp('pelican', { minecraft: { egg: VANILLA } });
    fake = s.fake;
    Object.assign(fake.nodes[0]!, { cpu: 300, cpu_overallocate: 0 });
    expect(await s.panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40, vcpu: 2 })).toBe(true);
    expect(fake.requests.some((r) => r.path.startsWith('/api/application/nodes/deployable?memory=4096&disk=40960&cpu=200&tags'))).toBe(true);
    expect(await s.panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40, vcpu: 4 })).toBe(false);
    await s.panel.createServer(serverInput(s.owner));
    // 200 % of 300 % is taken: a second server of 2 vCPU no longer fits.
    expect(await s.panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40, vcpu: 2 })).toBe(false);
    expect(EVERY_PORT.every((r) => /^\d{4,5}-\d{4,5}$/.test(r))).toBe(true);
  });
});

describe.each(['pterodactyl', 'pelican'] as const)('egg variables on %s (VariableValidatorService)', (flavor) => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());
  const egg = (extra: Partial<PanelEggConfig> = {}): PanelEggConfig => ({ egg: VANILLA, ...(flavor === 'pterodactyl' ? { nest: 1 } : {}), ...extra });

  it('reads the egg even when the image and startup are configured, and sends every variable', async () => {
    // The README's example: an image, a startup and an empty environment.
    const s = await setUp(flavor, { minecraft: egg({ docker_image: image, startup, environment: {} }) });
    fake = s.fake;
    const input = serverInput(s.owner);
    await s.panel.createServer(input);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.includes(`/eggs/${VANILLA}?include=variables`))).toBe(true);
    const onPanel = fake.servers.find((x) => x.external_id === input.externalId)!;
    expect(onPanel).toMatchObject({ image, startup });
    // Stored as sent: the panel never stores a default in place of a missing value.
    expect(onPanel.environment).toEqual({ SERVER_JARFILE: 'server.jar', VANILLA_VERSION: 'latest' });
  });

  it("fills each variable from the plan's settings first, then the egg's default", async () => {
    const s = await setUp(flavor, { minecraft: egg({ environment: { VANILLA_VERSION: '1.21.4' } }) });
    fake = s.fake;
    const input = serverInput(s.owner);
    await s.panel.createServer(input);
    expect(fake.servers[0]?.environment).toEqual({ SERVER_JARFILE: 'server.jar', VANILLA_VERSION: '1.21.4' });
  });

  it('refuses, naming the variable, a required one with neither a setting nor a default, without creating anything', async () => {
    const s = await setUp(flavor, { minecraft: egg() });
    fake = s.fake;
    fake.eggs.find((e) => e.id === VANILLA)!.variables.push({ name: 'EULA accepted', env_variable: 'EULA', default_value: '', rules: 'required|in:true' });
    await expect(s.panel.createServer(serverInput(s.owner))).rejects.toMatchObject({
      code: 'not_configured',
      retryable: false,
      message: expect.stringContaining('EULA accepted (EULA)'),
    });
    expect(fake.servers).toHaveLength(0);
    expect(await s.panel.planProblems?.('minecraft')).toEqual([expect.stringContaining('EULA accepted (EULA)')]);
    expect(await s.panel.planProblems?.('palworld')).toEqual([expect.stringContaining('palworld has no egg')]);
  });
});

describe('the software switch (PATCH /startup, StartupModificationService)', () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it('sends every variable of the new egg even when its image and startup are configured', async () => {
    const s = await setUp('pterodactyl', {
      minecraft: { egg: VANILLA, nest: 1 },
      'minecraft:paper': { egg: 3, nest: 1, docker_image: image, startup, version_variable: 'MINECRAFT_VERSION' },
    });
    fake = s.fake;
    const created = await s.panel.createServer(serverInput(s.owner));
    fake.finishInstall(fake.servers[0]!.external_id!);
    await s.panel.reinstall(created, { game: 'minecraft', software: 'paper', version: '1.21.1' });
    // Paper's BUILD_NUMBER is required: without the egg's default the panel answers 422.
    expect(fake.servers[0]).toMatchObject({
      egg_id: 3,
      image,
      environment: { MINECRAFT_VERSION: '1.21.1', SERVER_JARFILE: 'server.jar', DL_PATH: '', BUILD_NUMBER: 'latest' },
    });
  });
});

describe("the catalog's panel mapping (issue 20 §3)", () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it('creates with the mapping: its egg and variables, the player cap, CPU, swap, IO, ports, databases, backups and where to deploy', async () => {
    const s = await setUp('pterodactyl', { minecraft: { egg: VANILLA, nest: 1, environment: { VANILLA_VERSION: '1.20.1' } } });
    fake = s.fake;
    fake.addNode({ location_id: 7 }, [30000, 30001, 30002]);
    const paper = fake.eggs.find((e) => e.id === 3)!;
    paper.variables.push({ name: 'Max players', env_variable: 'MAX_PLAYERS', default_value: '20', rules: 'required|integer' });
    const input = {
      ...serverInput(s.owner),
      playerCap: 40,
      panel: {
        nest: 1, egg: 3, variables: { MINECRAFT_VERSION: '1.21.1' }, playerCapVariable: 'MAX_PLAYERS',
        cpuPercent: 150, swapMb: 512, ioWeight: 700, extraPorts: 2, databases: 1, backups: 4, deployTo: ['7'],
      },
    };
    const created = await s.panel.createServer(input);
    expect(created.port).toBe(30000);
    // The two extra ports are assigned next to the primary (pterodactyl-extra-ports.test.ts has the rest).
    expect(fake.allocations.filter((a) => a.server_id === Number(created.panelServerId)).map((a) => a.port)).toEqual([30000, 30001, 30002]);
    const post = fake.requests.find((r) => r.method === 'POST' && r.path === '/api/application/servers');
    expect(post?.body).toMatchObject({
      egg: 3,
      limits: { memory: 4096, swap: 512, disk: 40_960, io: 700, cpu: 150 },
      feature_limits: { databases: 1, allocations: 3, backups: 4 },
      deploy: { locations: [7] },
    });
    expect(fake.servers[0]).toMatchObject({ egg_id: 3, environment: expect.objectContaining({ MINECRAFT_VERSION: '1.21.1', MAX_PLAYERS: '40', BUILD_NUMBER: 'latest' }) });
    // PANEL_EGGS' variables belong to its own egg: they are not sent to another one.
    expect(fake.servers[0]?.environment).not.toHaveProperty('VANILLA_VERSION');
  });
});

describe("a plan change's resize with the new plan's panel mapping", () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it("replaces the host's tuning only where the mapping sets a field", async () => {
    const s = await setUp('pterodactyl', { minecraft: { egg: VANILLA, nest: 1 } });
    fake = s.fake;
    const created = await s.panel.createServer(serverInput(s.owner));
    Object.assign(fake.servers[0]!, { swap: 256, threads: '0-1', database_limit: 3 });
    await s.panel.resizeServer(created.panelServerId, { ramGb: 8, vcpu: 4, diskGb: 80, backups: 2, panel: { ioWeight: 900, extraPorts: 1, backups: 6 } });
    const patch = fake.requests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      limits: { memory: 8192, swap: 256, io: 900, cpu: 400, threads: '0-1' },
      feature_limits: { databases: 3, allocations: 2, backups: 6 },
    });
  });
});

describe('capacity where a plan deploys', () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it("asks about the mapping's deploy targets instead of the location's own", async () => {
    const s = await setUp('pterodactyl', { minecraft: { egg: VANILLA, nest: 1 } });
    fake = s.fake;
    fake.addNode({ location_id: 9, memory: 1024 }, [30000]);
    expect(await s.panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(true);
    expect(await s.panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40, deployTo: ['9'] })).toBe(false);
    expect(await s.panel.hasCapacity('us-west', { ramGb: 1, diskGb: 40, deployTo: ['9'] })).toBe(true);
  });
});

describe('fillVariables', () => {
  const v = (env: string, defaultValue: string, required: boolean) => ({ name: env, env, defaultValue, required });
  it('takes the setting, then the default, else an empty value, and lists the required ones left empty', () => {
    const filled = fillVariables([v('A', 'a', true), v('B', '', false), v('C', '', true), v('D', 'd', true)], { A: 'set', D: ' ' });
    expect(filled.environment).toEqual({ A: 'set', B: '', C: '', D: 'd' });
    expect(filled.missing.map((m) => m.env)).toEqual(['C']);
  });
});
