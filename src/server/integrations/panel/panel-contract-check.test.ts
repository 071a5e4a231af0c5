import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { createPterodactylPanel } from './pterodactyl';
import { checkCatalogOnPanel, checkPanelContract, formatCheckResults, type CheckResult } from './panel-contract-check';

const APP_KEY = 'ptla_check_key';

describe.each(['pterodactyl', 'pelican'] as const)('npm run check:panel against the %s fake', (flavor) => {
  let fake: FakePterodactyl | undefined;
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  async function panel(setup: Parameters<typeof startFakePterodactyl>[0] = { apiKey: APP_KEY }) {
    fake = await startFakePterodactyl({ ...setup, flavor });
    fake.addNode({ location_id: 1, ...(flavor === 'pelican' ? { tags: ['eu'] } : {}) }, [25565, 25566]);
    return fake;
  }
  /** A customer's server, made through the driver as a sale would make it. */
  async function serverOn(f: FakePterodactyl) {
    const driver = createPterodactylPanel({
      url: f.url,
      applicationKey: APP_KEY,
      clientKey: f.clientKey,
      flavor,
      eggs: { minecraft: { egg: 5, nest: 1 } },
      locations: { eu: flavor === 'pelican' ? 'eu' : 1 },
      timeoutMs: 2_000,
    });
    const owner = await driver.ensureUser({ externalId: randomUUID(), email: 'owner@example.test', firstName: 'Ada', lastName: 'L' });
    await driver.createServer({ externalId: randomUUID(), panelUserId: owner, name: 'World', game: 'minecraft', location: 'eu', ramGb: 2, vcpu: 1, diskGb: 10, backups: 1 });
  }
  const check = (over: Partial<Parameters<typeof checkPanelContract>[0]> = {}) =>
    checkPanelContract({ url: over.url ?? fake!.url, applicationKey: APP_KEY, clientKey: fake?.clientKey, flavor, eggs: { minecraft: { egg: 5, nest: 1 } }, ...over });
  const problems = (results: CheckResult[]) => results.filter((r) => r.status === 'problem');

  it('passes a well set-up panel, and says it cannot compare APP_URL before the first server exists', async () => {
    await panel();
    const results = await check();
    expect(problems(results)).toEqual([]);
    expect(results.find((r) => r.what.startsWith('PANEL_URL'))).toMatchObject({ status: 'unchecked' });
    expect(results.map((r) => r.what)).toContain('Application key: write servers');
    expect(formatCheckResults(results)).toMatch(/^ok +Application key: The panel accepts PANEL_APPLICATION_KEY\./);
  });

  it('stops at a wrong application key or an unreachable panel, in plain words', async () => {
    await panel();
    expect(problems(await check({ applicationKey: 'ptla_wrong' }))).toEqual([
      expect.objectContaining({ what: 'Application key', detail: expect.stringContaining('refused PANEL_APPLICATION_KEY (401)') }),
    ]);
    const url = fake!.url;
    await fake!.close();
    fake = undefined;
    expect(problems(await check({ url }))).toEqual([expect.objectContaining({ what: 'Panel reachable' })]);
  });

  it('names each permission the key lacks, read or write, and writes nothing while checking', async () => {
    const f = await panel({ apiKey: APP_KEY, applicationKeyPermissions: { servers: 1, allocations: 0 } });
    const usersBefore = f.users.length;
    const found = problems(await check()).map((r) => `${r.what}: ${r.detail}`);
    expect(found).toEqual([
      expect.stringMatching(/^Application key: write servers: Missing: give the key "Read & Write" on servers/),
      expect.stringMatching(/^Application key: read allocations: Missing: give the key "Read" on allocations/),
    ]);
    expect(f.servers).toHaveLength(0);
    expect(f.users).toHaveLength(usersBefore);
  });

  it('refuses a client key of a user who is not a panel admin, and a missing one', async () => {
    const f = await panel({ apiKey: APP_KEY, clientKeyOwnerIsAdmin: false });
    expect(problems(await check()).map((r) => r.detail)).toEqual([expect.stringContaining('who is not a panel admin')]);
    expect(problems(await check({ clientKey: undefined })).map((r) => r.detail)).toEqual([expect.stringContaining('PANEL_CLIENT_KEY is not set')]);
    expect(problems(await check({ clientKey: 'ptlc_wrong' })).map((r) => r.detail)).toEqual([expect.stringContaining('refused PANEL_CLIENT_KEY (401)')]);
    expect(f.servers).toHaveLength(0);
  });

  it('finds a PANEL_URL that differs from the panel\'s APP_URL through a console token', async () => {
    const f = await panel({ apiKey: APP_KEY, appUrl: 'https://panel.example.test' });
    await serverOn(f);
    const [found] = problems(await check());
    expect(found).toMatchObject({ what: "PANEL_URL and the panel's APP_URL" });
    expect(found!.detail).toContain('set PANEL_URL=https://panel.example.test');
  });

  it('passes a PANEL_URL equal to APP_URL, with or without a trailing slash', async () => {
    const f = await panel();
    await serverOn(f);
    const results = await check({ url: `${f.url}/` });
    expect(problems(results)).toEqual([]);
    expect(results.find((r) => r.what.startsWith('PANEL_URL'))).toMatchObject({ status: 'ok' });
  });
});

describe('the catalog on the panel', () => {
  const catalog = {
    games: [{ slug: 'minecraft', name: 'Minecraft' }, { slug: 'rust', name: 'Rust' }, { slug: 'ark', name: 'ARK' }],
    plans: [
      { id: 'mc-2', game: 'minecraft', name: 'Starter', ramGb: 2, diskGb: 10, vcpu: 1 },
      { id: 'mc-16', game: 'minecraft', name: 'Huge', ramGb: 16, diskGb: 100, vcpu: 4 },
      { id: 'rust-8', game: 'rust', name: 'Standard', ramGb: 8, diskGb: 40, vcpu: 2 },
    ],
    locations: [{ value: 'us-west', label: 'US West' }, { value: 'eu-west', label: 'EU West' }],
  };

  it('names the egg problems of each game sold, and the locations where a plan finds no node', async () => {
    const results = await checkCatalogOnPanel({
      hasCapacity: async (location, size) => !(location === 'eu-west' && size.ramGb > 8),
      planProblems: async (game) => {
        if (game === 'rust') throw new Error('rust is not in PANEL_EGGS');
        return game === 'minecraft' ? [] : ['never asked: ARK has no plans'];
      },
    }, catalog);
    expect(results.map((r) => [r.status, r.what])).toEqual([
      ['ok', 'Minecraft: egg'],
      ['ok', 'Minecraft Starter'],
      ['problem', 'Minecraft Huge'],
      ['problem', 'Rust: egg'],
      ['ok', 'Rust Standard'],
    ]);
    expect(results[2]!.detail).toBe('No node has room for it (16 GB RAM, 100 GB disk, 4 vCPU) in: EU West. Customers there are told the location is full.');
    expect(results[3]!.detail).toBe('rust is not in PANEL_EGGS');
  });
});
