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
    games: [{ slug: 'minecraft', name: 'Minecraft' }, { slug: 'rust', name: 'Rust' }],
    plans: [
      { id: 'mc-2', game: 'minecraft', name: 'Starter' },
      { id: 'mc-16', game: 'minecraft', name: 'Huge' },
      { id: 'rust-8', game: 'rust', name: 'Standard' },
    ],
  };

  it('names each plan the panel could not take: its egg variables, the locations without room, a panel that did not answer', async () => {
    const results = await checkCatalogOnPanel(catalog, async (planId) => {
      if (planId === 'rust-8') throw new Error('connect ECONNREFUSED');
      return {
        problems: planId === 'mc-16' ? ['Server Version (VANILLA_VERSION) is required and has no value.'] : [],
        locations: [{ label: 'US West', fits: true }, { label: 'EU West', fits: planId !== 'mc-16' }],
      };
    });
    expect(results.map((r) => [r.status, r.what])).toEqual([
      ['ok', 'Minecraft Starter'],
      ['problem', 'Minecraft Huge'],
      ['problem', 'Rust Standard'],
    ]);
    expect(results[1]!.detail).toBe('Server Version (VANILLA_VERSION) is required and has no value. No node has room for it in: EU West; customers there are told the location is full.');
    expect(results[2]!.detail).toBe('The panel could not be asked: connect ECONNREFUSED');
  });
});
