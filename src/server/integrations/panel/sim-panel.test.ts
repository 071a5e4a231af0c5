import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { randomIds } from '../../lib/runtime';
import { dbKinds, manualClock, openTestDatabase } from '../../test/test-app';
import { PanelError } from './game-panel';
import { createSimPanel } from './sim-panel';
import { failNextInstalls, setFailNextInstalls } from './sim-panel-settings';
import { firstFreePort, simNodeIp } from './sim-network';

const base = { panelUserId: 'sim-user-1', name: 'World', game: 'minecraft', ramGb: 4, vcpu: 2, diskGb: 40 };

describe.each(dbKinds)('simulated panel on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const clock = manualClock();
  const options = {
    installSeconds: 20,
    capacity: 50,
    capacityByLocation: { 'eu-west': 2, 'asia-pacific': 0 },
    publicUrl: 'https://spawnpoint.test/',
  };

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
  });
  afterAll(async () => dispose?.());

  const panel = () => createSimPanel({ db: database.db, clock, ids: randomIds }, options);

  it('installs for SIM_PANEL_INSTALL_SECONDS of the injected clock, then is online', async () => {
    const p = panel();
    const created = await p.createServer({ ...base, externalId: randomIds.uuid(), location: 'us-west' });
    expect(created).toMatchObject({ state: 'installing', ip: simNodeIp('us-west'), panelUrl: 'https://spawnpoint.test/dashboard/services' });
    expect(created.port).toBeGreaterThanOrEqual(25565);
    clock.advance(19_999);
    expect((await p.getServer(created.panelServerId)).state).toBe('installing');
    clock.advance(1);
    expect((await p.getServer(created.panelServerId)).state).toBe('online');
  });

  it('fails the next N installs when told to, after the install time, then installs normally again', async () => {
    const p = panel();
    await setFailNextInstalls(database.db, 2, clock.now());
    const create = () => p.createServer({ ...base, externalId: randomIds.uuid(), location: 'us-west' });
    const [first, second] = await Promise.all([create(), create()]);
    const third = await create();
    expect(await failNextInstalls(database.db)).toBe(0);
    expect(first?.state).toBe('installing');
    clock.advance(20_000);
    expect((await p.getServer(first!.panelServerId)).state).toBe('install_failed');
    expect((await p.getServer(second!.panelServerId)).state).toBe('install_failed');
    expect((await p.getServer(third.panelServerId)).state).toBe('online');
  });

  it('answers the first server again for the same external id', async () => {
    const p = panel();
    const externalId = randomIds.uuid();
    const first = await p.createServer({ ...base, externalId, location: 'us-east' });
    const again = await p.createServer({ ...base, externalId, location: 'us-east' });
    expect(again.panelServerId).toBe(first.panelServerId);
    expect(again.port).toBe(first.port);
    expect((await p.findServer(externalId))?.panelServerId).toBe(first.panelServerId);
    expect(await p.findServer(randomIds.uuid())).toBeNull();
  });

  it("gives each game its own port and counts up on a taken one, even when created at once", async () => {
    const p = panel();
    const made = await Promise.all(
      Array.from({ length: 5 }, () => p.createServer({ ...base, externalId: randomIds.uuid(), location: 'us-east' })),
    );
    const ports = made.map((m) => m.port);
    expect(new Set(ports).size).toBe(5);
    const fivem = await p.createServer({ ...base, game: 'fivem', externalId: randomIds.uuid(), location: 'us-east' });
    expect(fivem.port).toBe(30120);
    const palworld = await p.createServer({ ...base, game: 'palworld', externalId: randomIds.uuid(), location: 'us-east' });
    expect(palworld.port).toBe(8211);
  });

  it('refuses a server once the location is full, per-location capacity first', async () => {
    const p = panel();
    expect(await p.hasCapacity('asia-pacific', { ramGb: 4, diskGb: 40 })).toBe(false);
    expect(await p.hasCapacity('eu-west', { ramGb: 4, diskGb: 40 })).toBe(true);
    await p.createServer({ ...base, externalId: randomIds.uuid(), location: 'eu-west' });
    const last = await p.createServer({ ...base, externalId: randomIds.uuid(), location: 'eu-west' });
    expect(await p.hasCapacity('eu-west', { ramGb: 4, diskGb: 40 })).toBe(false);
    const full = await p.createServer({ ...base, externalId: randomIds.uuid(), location: 'eu-west' }).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(PanelError);
    expect(full).toMatchObject({ code: 'no_capacity', retryable: false });
    expect(await p.hasCapacity('us-west', { ramGb: 4, diskGb: 40 })).toBe(true);

    await p.deleteServer(last.panelServerId);
    expect(await p.hasCapacity('eu-west', { ramGb: 4, diskGb: 40 })).toBe(true);
    await expect(p.getServer(last.panelServerId)).rejects.toMatchObject({ code: 'not_found' });
    await p.deleteServer(last.panelServerId);
  });
});

describe('sim network', () => {
  it('skips taken ports', () => {
    expect(firstFreePort(25565, [25565, 25566, 25568])).toBe(25567);
    expect(firstFreePort(8211, [])).toBe(8211);
  });
  it('keeps unknown locations on a documentation range', () => {
    expect(simNodeIp('mars-north')).toMatch(/^192\.0\.2\.\d+$/);
  });
});
