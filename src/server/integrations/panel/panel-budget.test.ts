import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePterodactyl, type FakePterodactyl } from '../../test/fakes/pterodactyl/fake-pterodactyl';
import { dbKinds, manualClock, openTestDatabase } from '../../test/test-app';
import type { Database } from '../../db/client';
import { systemClock } from '../../lib/runtime';
import type { GamePanel, PanelRef } from './game-panel';
import { createPanelBudget, PanelBudgetBusy, unlessBudgetBusy, withPanelPriority, type PanelPriority } from './panel-budget';
import { createPterodactylPanel } from './pterodactyl';

const KEY = 'ptla_budget_key';
const CLIENT_KEY = 'ptlc_budget_key';

async function panelWithServer(fake: FakePterodactyl, flavor: 'pterodactyl' | 'pelican', extra: Partial<Parameters<typeof createPterodactylPanel>[0]> = {}) {
  fake.addNode(flavor === 'pelican' ? { location_id: 1, tags: ['us-west'] } : { location_id: 1 }, [25565, 25566, 25567]);
  const panel = createPterodactylPanel({
    url: fake.url,
    applicationKey: KEY,
    clientKey: CLIENT_KEY,
    flavor,
    eggs: { minecraft: { egg: 5, nest: 1 } },
    locations: { 'us-west': flavor === 'pelican' ? 'us-west' : 1 },
    timeoutMs: 5_000,
    ...extra,
  });
  const owner = await panel.ensureUser({ externalId: randomUUID(), email: 'ada@example.test', firstName: 'Ada', lastName: 'L' });
  const externalId = randomUUID();
  const created = await panel.createServer({ externalId, panelUserId: owner, name: 'World', game: 'minecraft', location: 'us-west', ramGb: 4, vcpu: 2, diskGb: 40, backups: 2 });
  fake.finishInstall(externalId);
  return { panel, ref: { panelServerId: created.panelServerId, identifier: created.identifier } satisfies PanelRef };
}

describe('the panel fake throttles the Client API as the panels do', () => {
  let fake: FakePterodactyl;
  afterEach(async () => fake?.close());

  it('answers the 257th call of a minute on Pelican 429 with Retry-After and the rate-limit headers', async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, flavor: 'pelican' });
    const call = () => fetch(`${fake.url}/api/client/servers/none/resources`, { headers: { authorization: `Bearer ${CLIENT_KEY}`, accept: 'application/json' } });
    const first = await call();
    expect(first.headers.get('x-ratelimit-limit')).toBe('256');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('255');
    for (let i = 1; i < 256; i += 1) await call();
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ errors: [{ code: 'ThrottleRequestsException', status: '429', detail: 'Too Many Attempts.' }] });
    // The application key is another user, with its own limit.
    const app = await fetch(`${fake.url}/api/application/users`, { headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' } });
    expect(app.status).toBe(200);
  });

  it("refuses Pelican's sixth websocket credential of a minute for one server, not for another", async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, flavor: 'pelican' });
    const ask = (id: string) => fetch(`${fake.url}/api/client/servers/${id}/websocket`, { headers: { authorization: `Bearer ${CLIENT_KEY}` } }).then((r) => r.status);
    for (let i = 0; i < 5; i += 1) expect(await ask('aaaa1111')).not.toBe(429);
    expect(await ask('aaaa1111')).toBe(429);
    expect(await ask('bbbb2222')).not.toBe(429);
    expect(fake.refusedWebsocketRequests('aaaa1111')).toBe(1);
  });

  it('allows 720 a minute on Pterodactyl, with no websocket limit of its own', async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY });
    const res = await fetch(`${fake.url}/api/client/servers/x/websocket`, { headers: { authorization: `Bearer ${CLIENT_KEY}` } });
    expect(res.headers.get('x-ratelimit-limit')).toBe('720');
  });
});

describe.each(dbKinds)('one Client API budget on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let fake: FakePterodactyl | undefined;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
  });
  afterAll(async () => dispose?.());
  afterEach(async () => {
    await fake?.close();
    fake = undefined;
  });

  it('lets customer actions dig deepest into the budget, then page refreshes, then the sampler, across instances', async () => {
    // 100 a minute: a steady 75 (one place every 800 ms) and a burst of 10 places.
    const key = `priority-${kind}-${randomUUID()}`;
    // A clock that stands still, so no place comes back while the test counts.
    const clock = manualClock(new Date());
    const instances = [createPanelBudget(database.db, clock, { perMinute: 100, key }), createPanelBudget(database.db, clock, { perMinute: 100, key })];
    const takeAll = async (priority: PanelPriority) => {
      let taken = 0;
      for (;;) {
        try {
          await withPanelPriority(priority, () => unlessBudgetBusy(() => instances[taken % 2]!.acquire()));
          taken += 1;
        } catch (error) {
          expect(error).toBeInstanceOf(PanelBudgetBusy);
          return taken;
        }
      }
    };
    // The sampler stops at a quarter of the burst (plus one place of its own lane, 10 a minute,
    // taken out of the bucket), page refreshes at half, actions at all of it.
    expect(await takeAll('background')).toBe(3);
    expect(await takeAll('refresh')).toBe(2);
    expect(await takeAll('action')).toBe(5);
    expect(await takeAll('refresh')).toBe(0);
    // A waiting action books the next place, 800 ms on, and gets it then; a refresh waits behind it.
    const started = Date.now();
    await instances[1]!.acquire();
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
    await expect(withPanelPriority('refresh', () => unlessBudgetBusy(() => instances[0]!.acquire()))).rejects.toBeInstanceOf(PanelBudgetBusy);
  });

  it('retries a 429 after its Retry-After instead of failing the call', async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, resourceCacheMs: 0, clientRateLimit: { max: 2, windowMs: 1_000 } });
    // No budget: another client of the same panel user (an admin in the panel's own UI) spent it.
    const { panel, ref } = await panelWithServer(fake, 'pterodactyl');
    const started = Date.now();
    for (let i = 0; i < 5; i += 1) await expect(panel.resources(ref)).resolves.toMatchObject({ state: expect.any(String) });
    expect(fake.refusedClientRequests()).toBeGreaterThan(0);
    expect(Date.now() - started).toBeGreaterThan(900);
  });

  it('keeps two instances under the panel limit together: no 429 at all', async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, resourceCacheMs: 0, clientRateLimit: { max: 20, windowMs: 2_000 } });
    const key = `instances-${kind}-${randomUUID()}`;
    const budget = () => createPanelBudget(database.db, systemClock, { perMinute: 20, windowMs: 2_000, key });
    const a = await panelWithServer(fake, 'pterodactyl', { clientBudget: budget() });
    const b = createPterodactylPanel({
      url: fake.url, applicationKey: KEY, clientKey: CLIENT_KEY, flavor: 'pterodactyl', eggs: {}, locations: {}, clientBudget: budget(),
    });
    const calls = Array.from({ length: 40 }, (_, i) => ((i % 2 ? a.panel : b) as GamePanel).power(a.ref, i % 4 < 2 ? 'start' : 'restart'));
    await Promise.all(calls);
    expect(fake.refusedClientRequests()).toBe(0);
  });

  it("shares a server's console credentials between viewers: Pelican's five a minute are never met", async () => {
    fake = await startFakePterodactyl({ apiKey: KEY, clientKey: CLIENT_KEY, flavor: 'pelican' });
    const { panel, ref } = await panelWithServer(fake, 'pelican', { clientBudget: createPanelBudget(database.db, systemClock, { perMinute: 256, key: `console-${kind}-${randomUUID()}` }) });
    const sessions = await Promise.all(Array.from({ length: 8 }, () => panel.openConsole(ref, { line: () => undefined, closed: () => undefined })));
    for (const s of sessions) s.close();
    const again = await panel.openConsole(ref, { line: () => undefined, closed: () => undefined });
    again.close();
    expect(fake.requests.filter((r) => r.path.endsWith('/websocket'))).toHaveLength(1);
    expect(fake.refusedWebsocketRequests(ref.identifier)).toBe(0);
  });
});
