import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_test_key';
const VANILLA = 5;

async function setUp(flavor: 'pterodactyl' | 'pelican', ports: number[]) {
  const fake = await startFakePterodactyl({ apiKey: KEY, flavor });
  const where = flavor === 'pelican' ? { location_id: 0, tags: ['eu'] } : { location_id: 1 };
  const node = fake.addNode({ ...where, name: 'fra-1' }, ports);
  // Another node's free ports are never the server's.
  const other = fake.addNode({ ...where, name: 'fra-2', memory: 1 }, [27016, 27017, 27018]);
  const panel = createPterodactylPanel({
    url: fake.url,
    applicationKey: KEY,
    flavor,
    eggs: { rust: { egg: VANILLA, ...(flavor === 'pterodactyl' ? { nest: 1 } : {}) } },
    locations: { eu: flavor === 'pelican' ? 'eu' : 1 },
    timeoutMs: 2_000,
  });
  const owner = await panel.ensureUser({ externalId: randomUUID(), email: `ada-${randomUUID().slice(0, 6)}@example.test`, firstName: 'Ada', lastName: 'L' });
  const input = (extraPorts: number) => ({
    externalId: randomUUID(), panelUserId: owner, name: 'Rust', game: 'rust', location: 'eu', ramGb: 4, vcpu: 2, diskGb: 40, backups: 0,
    panel: { extraPorts },
  });
  const portsOf = (panelServerId: string) =>
    fake.allocations.filter((a) => a.server_id === Number(panelServerId)).map((a) => a.port).sort((a, b) => a - b);
  return { fake, panel, node, other, input, portsOf };
}

describe.each(['pterodactyl', 'pelican'] as const)('extra ports on %s (BuildModificationService)', (flavor) => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it('adds the free ports nearest the primary on its node, once, however often the step is retried', async () => {
    const s = await setUp(flavor, [27015, 27016, 27017, 27018, 27019, 28000]);
    fake = s.fake;
    // Someone else already has 27016.
    fake.allocations.find((a) => a.node_id === s.node.id && a.port === 27016)!.server_id = 424242;
    const input = s.input(2);
    const created = await s.panel.createServer(input);
    expect(created.port).toBe(27015);
    expect(s.portsOf(created.panelServerId)).toEqual([27015, 27017, 27018]);
    expect(created).toMatchObject({ ip: '203.0.113.50', port: 27015, extraPorts: [27017, 27018] });
    expect(fake.allocations.filter((a) => a.node_id === s.other.id).every((a) => a.server_id === null)).toBe(true);
    expect(fake.servers[0]?.allocation_limit).toBe(3);

    // The provisioning step retried (same external id): nothing is added twice.
    await s.panel.createServer(input);
    expect(s.portsOf(created.panelServerId)).toEqual([27015, 27017, 27018]);
  });

  it('refuses, naming the node, when it has too few free ports, without retrying', async () => {
    const s = await setUp(flavor, [27015, 27016]);
    fake = s.fake;
    const failed = s.panel.createServer(s.input(3));
    await expect(failed).rejects.toMatchObject({ retryable: false, code: 'no_capacity' });
    await expect(failed).rejects.toThrow(/fra-1.*1 free port.*3 more/);
  });

  it('a plan change adds the difference, or removes the farthest extra ports, and keeps the primary', async () => {
    const s = await setUp(flavor, [27015, 27016, 27017, 27018, 27019]);
    fake = s.fake;
    const created = await s.panel.createServer(s.input(1));
    expect(s.portsOf(created.panelServerId)).toEqual([27015, 27016]);
    const size = { ramGb: 8, vcpu: 4, diskGb: 80, backups: 0 };
    await s.panel.resizeServer(created.panelServerId, { ...size, panel: { extraPorts: 3 } });
    expect(s.portsOf(created.panelServerId)).toEqual([27015, 27016, 27017, 27018]);
    expect(fake.servers[0]).toMatchObject({ allocation_limit: 4, memory: 8192 });
    await s.panel.resizeServer(created.panelServerId, { ...size, panel: { extraPorts: 1 } });
    expect(s.portsOf(created.panelServerId)).toEqual([27015, 27016]);
    expect(fake.servers[0]?.allocation_id).toBe(fake.allocations.find((a) => a.port === 27015 && a.node_id === s.node.id)!.id);
    // A plan that says nothing about ports leaves them alone.
    await s.panel.resizeServer(created.panelServerId, size);
    expect(s.portsOf(created.panelServerId)).toEqual([27015, 27016]);
  });
});

describe.each(['pterodactyl', 'pelican'] as const)('the fake %s panel, as the real one', (flavor) => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${fake.url}/api/application${path}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it('skips an added port that is taken or on another node, and refuses to remove the default without a fallback', async () => {
    const s = await setUp(flavor, [27015, 27016, 27017, 27020]);
    fake = s.fake;
    const created = await s.panel.createServer(s.input(0));
    const id = Number(created.panelServerId);
    const server = fake.servers[0]!;
    const onNode = (port: number, node = s.node.id) => fake.allocations.find((a) => a.port === port && a.node_id === node)!;
    onNode(27016).server_id = 424242;
    const build = {
      allocation: server.allocation_id,
      limits: { memory: 1024, swap: 0, disk: 1024, io: 500, cpu: 100, threads: null },
      feature_limits: { databases: 0, allocations: 1, backups: 0 },
    };
    // The allocation limit of 1 does not hold the Application API back.
    const added = await call('PATCH', `/servers/${id}/build`, { ...build, add_allocations: [onNode(27016).id, onNode(27017, s.other.id).id, onNode(27017).id] });
    expect(added.status).toBe(200);
    expect(s.portsOf(String(id))).toEqual([27015, 27017]);

    const refused = await call('PATCH', `/servers/${id}/build`, { ...build, remove_allocations: [server.allocation_id] });
    expect(refused.status).toBe(400);
    expect(s.portsOf(String(id))).toEqual([27015, 27017]);

    // server_id that is not a number lists the node's unassigned allocations.
    const free = (await (await call('GET', `/nodes/${s.node.id}/allocations?filter[server_id]=none`)).json()) as { data: { attributes: { port: number } }[] };
    expect(free.data.map((d) => d.attributes.port)).toEqual([27020]);
    const mine = (await (await call('GET', `/nodes/${s.node.id}/allocations?filter[server_id]=${id}`)).json()) as { data: { attributes: { port: number } }[] };
    expect(mine.data.map((d) => d.attributes.port)).toEqual([27015, 27017]);
  });
});
