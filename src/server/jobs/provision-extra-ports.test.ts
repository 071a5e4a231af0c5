import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { GamePanel } from '../integrations/panel/game-panel';
import { createSimPanel } from '../integrations/panel/sim-panel';
import { createInProcessBus } from '../lib/events';
import { randomIds } from '../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../test/test-app';
import { provisionServer, type ProvisionDeps } from './provision-server';
import { insertPaidServer, serverRow } from './provisioning.fixtures';

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A plan's extra ports (decision 045), as the panel driver reports them, reach the customer's server view. */
describe.each(dbKinds)("a server's extra ports, on %s", (kind) => {
  let t: TestContext;
  const clock = manualClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { PUBLIC_URL: 'https://spawnpoint.test' } });
  });
  afterAll(async () => t?.close());

  it('are stored at set-up and shown beside the address', async () => {
    const sim = createSimPanel({ db: t.database.db, clock, ids: randomIds }, { installSeconds: 20, capacity: 50, publicUrl: 'https://spawnpoint.test' });
    let ports = [27016, 27017];
    const withPorts = <T extends object | null>(found: T) => found && { ...found, extraPorts: ports };
    const panel: GamePanel = {
      ...sim,
      createServer: async (input) => withPorts(await sim.createServer(input)),
      getServer: async (id) => withPorts(await sim.getServer(id)),
      findServer: async (id) => withPorts(await sim.findServer(id)),
    };
    const deps: ProvisionDeps = {
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
    const owner = await createSignedInUser(t);
    const { serverId } = await insertPaidServer(t.database.db, owner.id);

    await provisionServer(deps, serverId, { last: false });
    expect((await serverRow(t.database.db, serverId)).extraPorts).toEqual([27016, 27017]);

    // The panel's ports changed (staff moved one) before the install finished: the check saves them.
    ports = [27016, 27020];
    clock.advance(60_000);
    await provisionServer(deps, serverId, { last: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/servers', headers: { cookie: owner.cookie } });
    const view = (res.json() as { servers: { id: string; address: string | null; extraPorts?: number[] }[] }).servers.find((s) => s.id === serverId);
    expect(view?.address).toBeTruthy();
    expect(view?.extraPorts).toEqual([27016, 27020]);
  });
});
