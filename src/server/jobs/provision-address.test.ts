import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { catalogVersions, servers } from '../db/schema';
import type { GamePanel, PanelServerInput } from '../integrations/panel/game-panel';
import { createSimPanel } from '../integrations/panel/sim-panel';
import { createInProcessBus } from '../lib/events';
import { randomIds } from '../lib/runtime';
import { createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../test/test-app';
import { provisionServer, type ProvisionDeps } from './provision-server';
import { insertPaidServer, serverRow } from './provisioning.fixtures';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A Pelican server created without `deploy.port_range` has no allocation: Wings binds it to
 * 127.0.0.1:0 and nobody can connect. Provisioning must never call such a server online.
 */
describe.each(dbKinds)('provisioning a server the panel gave no address, on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { PUBLIC_URL: 'https://spawnpoint.test' } });
  });
  afterAll(async () => t?.close());

  function deps(panel: GamePanel): ProvisionDeps {
    return {
      db: t.database.db,
      clock,
      ids: randomIds,
      panel,
      events: createInProcessBus(),
      log: quietLog,
      refundOrder: vi.fn(async () => {}),
      installTimeoutMs: 10 * 60_000,
      refundGraceMs: 60 * 60_000,
    };
  }

  it('fails the set-up for staff to fix instead of marking it online', async () => {
    const sim = createSimPanel(
      { db: t.database.db, clock, ids: randomIds },
      { installSeconds: 20, capacity: 50, publicUrl: 'https://spawnpoint.test' },
    );
    const noAddress = { ip: null, port: null };
    const panel: GamePanel = {
      ...sim,
      createServer: async (input) => ({ ...(await sim.createServer(input)), ...noAddress }),
      getServer: async (id) => ({ ...(await sim.getServer(id)), ...noAddress }),
      findServer: async (id) => {
        const found = await sim.findServer(id);
        return found && { ...found, ...noAddress };
      },
    };
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id);

    // Not retryable: waiting does not give the server an address, so it fails at once.
    const outcome = await provisionServer(deps(panel), serverId, { last: false }).catch((e: unknown) => e);

    const row = await serverRow(t.database.db, serverId);
    expect(row.status).not.toBe('online');
    expect(row.status).toBe('failed');
    expect(outcome).toEqual({ refundInMs: 60 * 60_000 });
    expect(row.provisioningError).toContain('no address');
  });

  it("creates with the panel mapping of the service's catalog version: the game's default overlaid by the plan's", async () => {
    const [latest] = await t.database.db.select().from(catalogVersions).orderBy(desc(catalogVersions.version)).limit(1);
    const draft = structuredClone(latest!.catalog);
    draft.games.find((g) => g.slug === 'minecraft')!.panel = { variables: { EULA: 'true' }, ioWeight: 300 };
    draft.plans.find((p) => p.id === 'minecraft-4gb')!.panel = { ioWeight: 800, databases: 2, variables: { LEVEL: 'flat' } };
    const version = latest!.version + 1;
    await t.database.db.insert(catalogVersions).values({ version, catalog: draft, createdAt: clock.now() });
    // A later version changes the mapping again: the service keeps its own.
    draft.plans.find((p) => p.id === 'minecraft-4gb')!.panel = { ioWeight: 100 };
    await t.database.db.insert(catalogVersions).values({ version: version + 1, catalog: draft, createdAt: clock.now() });

    const sim = createSimPanel({ db: t.database.db, clock, ids: randomIds }, { installSeconds: 20, capacity: 50, publicUrl: 'https://spawnpoint.test' });
    const inputs: PanelServerInput[] = [];
    const panel: GamePanel = { ...sim, createServer: async (input) => (inputs.push(input), sim.createServer(input)) };
    const user = await createUser(t);
    const { serverId } = await insertPaidServer(t.database.db, user.id);
    await t.database.db.update(servers).set({ catalogVersion: version }).where(eq(servers.id, serverId));

    await provisionServer(deps(panel), serverId, { last: false });
    expect(inputs[0]).toMatchObject({ playerCap: 10, panel: { ioWeight: 800, databases: 2, variables: { EULA: 'true', LEVEL: 'flat' } } });
  });
});
