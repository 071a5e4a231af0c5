import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import type { GamePanel, PanelConsoleLine, PanelRef } from './game-panel';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_rules_key';
const CLIENT_KEY = 'ptlc_rules_key';

/** The driver against the panel's own rules, as the fake rebuilt from Pterodactyl 1.11 applies them. */
describe('Pterodactyl driver under the panel’s own rules', () => {
  let fake: FakePterodactyl;
  let panel: GamePanel;
  const make = (eggs: Record<string, { egg: number; nest: number; environment?: Record<string, string> }> = { minecraft: { egg: 5, nest: 1 } }) =>
    createPterodactylPanel({ url: fake.url, applicationKey: KEY, clientKey: CLIENT_KEY, flavor: 'pterodactyl', eggs, locations: { 'us-west': 1 }, timeoutMs: 2_000 });
  const input = (panelUserId: string) => ({
    externalId: randomUUID(),
    panelUserId,
    name: 'World',
    game: 'minecraft',
    location: 'us-west',
    ramGb: 4,
    vcpu: 2,
    diskGb: 40,
    backups: 2,
  });

  beforeEach(async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, resourceCacheMs: 0 });
    panel = make();
  });
  afterEach(async () => fake.close());

  it('finds the exact email among the partial matches of filter[email], on any page', async () => {
    for (let i = 0; i < 120; i += 1) fake.addUser({ email: `x${i}ada@example.test` });
    const ada = fake.addUser({ email: 'ada@example.test' });
    const found = await panel.ensureUser({ externalId: randomUUID(), email: 'ADA@example.test', firstName: 'Ada', lastName: 'L' });
    expect(found).toBe(String(ada.id));
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);
    const pages = fake.requests.filter((r) => r.path.startsWith('/api/application/users?filter[email]='));
    expect(pages.length).toBe(2);
  });

  it('creates users and servers that pass the panel validation, and answers 422s as panel_validation', async () => {
    const owner = await panel.ensureUser({ externalId: randomUUID(), email: 'new@example.test', firstName: ' ', lastName: '' });
    expect(fake.users.find((u) => String(u.id) === owner)).toMatchObject({ first_name: 'Customer', last_name: 'new' });
    fake.addNode({ location_id: 1 }, [25565]);
    await expect(panel.createServer(input(owner))).resolves.toMatchObject({ state: 'installing', port: 25565 });

    // An egg variable the configuration sets against the egg's own rule (a jar name ending .jar).
    const wrong = make({ minecraft: { egg: 5, nest: 1, environment: { SERVER_JARFILE: 'server.exe' } } });
    fake.addNode({ location_id: 1 }, [25566]);
    const refused = await wrong.createServer(input(owner)).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'panel_validation', status: 422, retryable: false });
    expect((refused as Error).message).toContain('ValidationException');
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/api/application/servers')).toHaveLength(2);
  });

  it('reads nodes and their allocations across pages for capacity, by the panel’s deployment formula', async () => {
    for (let i = 0; i < 120; i += 1) fake.addNode({ location_id: 2 }, []);
    // Over-allocation -1 is the literal 99 % in FindViableNodesService: 4 GB does not fit in 4 GB.
    const tight = fake.addNode({ location_id: 1, memory: 4096, memory_overallocate: -1 }, [25565]);
    expect(await panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(false);
    tight.memory_overallocate = 0;
    expect(await panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(true);
    tight.public = false;
    expect(await panel.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(false);
    expect(fake.requests.filter((r) => r.path.startsWith('/api/application/nodes?')).length).toBeGreaterThanOrEqual(2);
  });

  describe('a server on the panel', () => {
    let ref: PanelRef;
    let externalId: string;
    beforeEach(async () => {
      fake.addNode({ location_id: 1 }, [25565]);
      const owner = await panel.ensureUser({ externalId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'L' });
      const server = input(owner);
      externalId = server.externalId;
      const created = await panel.createServer(server);
      ref = { panelServerId: created.panelServerId, identifier: created.identifier };
    });

    it('is not ready while it installs or moves to another node (the panel’s 409)', async () => {
      await expect(panel.resources(ref)).rejects.toMatchObject({ code: 'not_ready', status: 409 });
      fake.finishInstall(externalId);
      await expect.poll(async () => (await panel.resources(ref)).state).toBe('online');
      fake.transfer(externalId);
      await expect(panel.power(ref, 'restart')).rejects.toMatchObject({ code: 'not_ready', status: 409 });
      fake.transfer(externalId, false);
      await panel.power(ref, 'restart');
    });

    it('keeps the console open when Wings says the token expired, with a fresh token', async () => {
      fake.finishInstall(externalId);
      await expect.poll(async () => (await panel.resources(ref)).state).toBe('online');
      const lines: PanelConsoleLine[] = [];
      const closed: string[] = [];
      const session = await panel.openConsole(ref, { line: (l) => lines.push(l), closed: (r) => closed.push(r) });
      expect(fake.wings.auths).toHaveLength(1);
      // Eleven minutes on: the ten-minute token is past its exp; Wings' tick says so.
      fake.wings.advanceClock(11 * 60_000);
      fake.wings.checkTokens();
      await expect.poll(() => fake.wings.auths.length >= 2).toBe(true);
      const server = fake.servers[0]!;
      fake.wings.print(server, 'still here');
      await expect.poll(() => lines.map((l) => l.line)).toContain('still here');
      expect(closed).toEqual([]);
      session.close();
    });

    it('gives up, with backoff, on a node whose clock makes every token look expired', async () => {
      fake.finishInstall(externalId);
      await expect.poll(async () => (await panel.resources(ref)).state).toBe('online');
      const closed: string[] = [];
      const session = await panel.openConsole(ref, { line: () => {}, closed: (r) => closed.push(r) });
      fake.wings.skew(11 * 60_000);
      fake.wings.checkTokens();
      await expect.poll(() => closed, { timeout: 15_000 }).toEqual(['The console connection to the game panel was lost.']);
      // A few tries, not a storm of them.
      expect(fake.wings.auths.length).toBeLessThan(10);
      session.close();
    }, 20_000);

    it('answers a throttled backup (two in ten minutes, the panel’s default) as a panel error to retry later', async () => {
      fake.finishInstall(externalId);
      await panel.createBackup(ref, { name: 'One', automatic: false });
      await panel.createBackup(ref, { name: 'Two', automatic: false });
      await expect(panel.createBackup(ref, { name: 'Three', automatic: false })).rejects.toMatchObject({ status: 429, retryable: true });
    });
  });
});
