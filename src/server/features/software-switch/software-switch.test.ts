import { rm } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverShares, simPanelServers, softwareSwitches } from '../../db/schema';
import type { GamePanel } from '../../integrations/panel/game-panel';
import { isSimPanel, type SimPanel } from '../../integrations/panel/sim-panel';
import { activityMessages, provisionOnlineServer, serverRow } from '../../jobs/provisioning.fixtures';
import { randomIds } from '../../lib/runtime';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { advanceSoftwareSwitch } from './software-switch.steps';

/**
 * Software switching on the simulated panel, its steps run one call at a time on a clock the
 * test moves (the durable job around them has its own test): the happy path, a rollback from a
 * failure at each panel step, and the refusals.
 */
describe.each(dbKinds)('software switching on %s', (kind) => {
  let t: TestContext;
  let sim: SimPanel;
  const clock = manualClock();
  const queued: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      env: { SIM_PANEL_INSTALL_SECONDS: '0' },
      checkout: { softwareSwitches: { enqueue: async (id: string) => void queued.push(id) } },
    });
    if (!isSimPanel(t.app.panel)) throw new Error('expected the simulated panel');
    sim = t.app.panel;
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie } });
  const online = (userId: string, options: Parameters<typeof provisionOnlineServer>[2] = {}) =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, { createdAt: clock.now(), ...options });
  const switchRow = async (id: string) => (await t.database.db.select().from(softwareSwitches).where(eq(softwareSwitches.id, id)))[0]!;
  const simRow = async (serverId: string) => {
    const server = await serverRow(t.database.db, serverId);
    return (await t.database.db.select().from(simPanelServers).where(eq(simPanelServers.id, server.panelServerId!)))[0]!;
  };
  const refOf = async (serverId: string) => {
    const server = await serverRow(t.database.db, serverId);
    return { panelServerId: server.panelServerId!, identifier: server.panelIdentifier! };
  };

  /** The panel calls that change something, in order: the path a switch took. */
  const changing = new Set(['createBackup', 'reinstall', 'restoreBackup', 'power']);

  /** Runs the switch's job as the queue would, moving the clock on while it waits for the panel. */
  async function drive(id: string, panel: GamePanel = sim) {
    const calls: string[] = [];
    const recording = Object.fromEntries(
      Object.entries(panel).map(([name, value]) => [
        name,
        typeof value === 'function'
          ? (...args: unknown[]) => {
              if (changing.has(name)) calls.push(name === 'power' ? `power ${String(args[1])}` : name);
              return (value as (...a: unknown[]) => unknown)(...args);
            }
          : value,
      ]),
    ) as unknown as GamePanel;
    const deps = { ...t.app.softwareSwitches, panel: recording };
    for (let i = 0; i < 40; i += 1) {
      const outcome = await advanceSoftwareSwitch(deps, id, { last: false });
      if (outcome === 'done') return { row: await switchRow(id), calls };
      clock.advance(4_000);
    }
    throw new Error('the switch did not end');
  }

  async function start(cookie: string, serverId: string, body: object) {
    const res = await call('POST', `/api/servers/${serverId}/software-switch`, cookie, body);
    expect(res.statusCode, res.body).toBe(202);
    return res.json().switch as { id: string; status: string; step: string };
  }

  it('offers the catalog software with memory warnings, and switches to Paper keeping the world and configs', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Creeper Valley' });
    const ref = await refOf(serverId);
    await sim.writeFile(ref, 'world/level.dat', 'seed 42');
    await sim.writeFile(ref, 'server.properties', 'motd=Creeper Valley\nlevel-name=world\n');

    const options = await call('GET', `/api/servers/${serverId}/software`, ada.cookie);
    expect(options.statusCode).toBe(200);
    const body = options.json();
    expect(body.current).toEqual({ software: 'vanilla', name: 'Vanilla', version: null });
    expect(body).toMatchObject({ planName: 'Minecraft 4GB', planRamGb: 4, canUpgradePlan: true, latest: null });
    expect(body.options.map((o: { id: string }) => o.id)).toEqual(['vanilla', 'paper', 'fabric', 'forge']);
    const forge = body.options.find((o: { id: string }) => o.id === 'forge');
    expect(forge).toMatchObject({
      recommendedRamGb: 6,
      memoryWarning: 'Forge runs best with at least 6 GB of memory; your Minecraft 4GB plan has 4 GB.',
      upgradePlan: { id: 'minecraft-8gb', name: '8GB', ramGb: 8 },
    });
    expect(body.options.find((o: { id: string }) => o.id === 'paper')).toMatchObject({ memoryWarning: null, upgradePlan: null });
    // Each description in the reader's language (decision 077), else the shop's own text.
    expect(body.options.find((o: { id: string }) => o.id === 'paper').description).toBe('A faster server that runs Bukkit and Spigot plugins');
    const german = (await call('GET', `/api/servers/${serverId}/software`, `${ada.cookie}; sp_lang=de`)).json();
    expect(german.options.find((o: { id: string }) => o.id === 'paper').description).toBe('Ein schnellerer Server, der Bukkit- und Spigot-Plugins ausführt');

    const started = await start(ada.cookie, serverId, { software: 'paper', version: '1.21.1' });
    expect(started).toMatchObject({ status: 'running', step: 'backup', from: { name: 'Vanilla', version: null }, to: { name: 'Paper', version: '1.21.1' } });
    expect(queued).toContain(started.id);
    const card = (await call('GET', `/api/servers/${serverId}`, ada.cookie)).json().server;
    expect(card.softwareSwitch).toEqual({ status: 'running', step: 'backup', to: 'Paper 1.21.1' });

    const { row, calls } = await drive(started.id);
    expect(calls).toEqual(['createBackup', 'reinstall', 'power start']);
    expect(row).toMatchObject({ status: 'succeeded', step: 'done', reason: null });
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ software: 'paper', softwareVersion: '1.21.1', status: 'online' });
    expect(await simRow(serverId)).toMatchObject({ software: 'paper', softwareVersion: '1.21.1' });
    expect(await sim.readFile(ref, 'world/level.dat', 100)).toBe('seed 42');
    expect(await sim.readFile(ref, 'server.properties', 100)).toContain('motd=Creeper Valley');
    expect(await sim.readFile(ref, 'server.jar', 100)).toContain('Paper 1.21.1');
    expect((await sim.resources(ref)).state).toBe('online');
    // The backup from before stays for the customer.
    expect((await sim.listBackups(ref)).map((b) => b.name)).toEqual([`Before switching to Paper 1.21.1 (${started.id.slice(0, 8)})`]);

    const after = (await call('GET', `/api/servers/${serverId}`, ada.cookie)).json().server;
    expect(after).toMatchObject({ software: { id: 'paper', name: 'Paper', version: '1.21.1' }, softwareSwitch: null, status: 'online' });
    expect((await call('GET', `/api/servers/${serverId}/software`, ada.cookie)).json()).toMatchObject({
      current: { software: 'paper', name: 'Paper', version: '1.21.1' },
      latest: { status: 'succeeded', step: 'done' },
    });
    const messages = await activityMessages(t.database.db, ada.id);
    expect(messages).toContain('Switching Creeper Valley from Vanilla to Paper 1.21.1');
    expect(messages.filter((m) => m === 'Creeper Valley now runs Paper 1.21.1, with its world and configs kept')).toHaveLength(1);
    // Running the finished switch again changes nothing.
    expect(await advanceSoftwareSwitch(t.app.softwareSwitches, started.id, { last: false })).toBe('done');
  });

  // The panel calls that change something, failed ones included: the rollback reinstalls the old software, restores and starts.
  const rollback = ['reinstall', 'restoreBackup', 'power start'];
  const failures: { step: string; calls: string[]; reason: string }[] = [
    { step: 'createBackup', calls: ['createBackup', 'power start'], reason: 'The game panel failed while taking the backup.' },
    { step: 'reinstall', calls: ['createBackup', 'reinstall', ...rollback], reason: 'The game panel failed while installing the new software.' },
    { step: 'reinstall.install', calls: ['createBackup', 'reinstall', ...rollback], reason: 'The game panel could not install Fabric 1.21.1.' },
    { step: 'listFiles', calls: ['reinstall', ...rollback], reason: 'The game panel failed while checking the files.' },
    { step: 'power', calls: ['createBackup', 'reinstall', 'power start', ...rollback], reason: 'The game panel failed while starting the server.' },
  ];

  it.each(failures)('rolls back when the panel fails at $step: the backup restored, online on the old software', async ({ step, calls: path, reason }) => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Rollback Valley' });
    const ref = await refOf(serverId);
    await sim.writeFile(ref, 'world/level.dat', 'seed 7');
    const started = await start(ada.cookie, serverId, { software: 'fabric', version: '1.21.1' });
    // listFiles runs at the backup too: fail its second call, the check after the install.
    if (step === 'listFiles') {
      await advanceSoftwareSwitch(t.app.softwareSwitches, started.id, { last: false });
      expect((await switchRow(started.id)).step).toBe('backing_up');
    }
    sim.injectFailure(step);
    const { row, calls } = await drive(started.id);
    expect(row).toMatchObject({ status: 'rolled_back', step: 'done', reason });
    expect(calls).toEqual(path);
    expect(await serverRow(t.database.db, serverId)).toMatchObject({ software: null, softwareVersion: null, status: 'online' });
    expect((await simRow(serverId)).software ?? 'vanilla').toBe('vanilla');
    expect(await sim.readFile(ref, 'world/level.dat', 100)).toBe('seed 7');
    expect(await sim.readFile(ref, 'server.jar', 100)).toContain('Vanilla');
    expect((await sim.resources(ref)).state).toBe('online');
    const messages = await activityMessages(t.database.db, ada.id);
    expect(messages.filter((m) => m.startsWith('Switching Rollback Valley to Fabric 1.21.1 did not work'))).toHaveLength(1);
    expect((await call('GET', `/api/servers/${serverId}/software`, ada.cookie)).json().latest).toMatchObject({ status: 'rolled_back', reason });
  });

  it('puts the world back from the backup when files go missing in the install', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Lost Valley' });
    const ref = await refOf(serverId);
    await sim.writeFile(ref, 'world/level.dat', 'seed 9');
    const started = await start(ada.cookie, serverId, { software: 'paper', version: '1.20.4' });
    // A broken install script wipes the world folder.
    const wiping: GamePanel = {
      ...sim,
      async reinstall(target, software) {
        await sim.reinstall(target, software);
        if (software.software === 'paper') await rm(path.join(t.config.DATA_DIR, 'files', target.panelServerId, 'world'), { recursive: true });
      },
    };
    const { row } = await drive(started.id, wiping);
    expect(row).toMatchObject({ status: 'rolled_back', error: 'missing after the reinstall: world' });
    expect(await sim.readFile(ref, 'world/level.dat', 100)).toBe('seed 9');
  });

  it('a retryable panel error is retried by the job, and rolls back only on its last attempt', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const started = await start(ada.cookie, serverId, { software: 'paper', version: '1.21.4' });
    sim.injectFailure('createBackup', 1, { retryable: true, status: 503 });
    await expect(advanceSoftwareSwitch(t.app.softwareSwitches, started.id, { last: false })).rejects.toMatchObject({ retryable: true });
    expect(await switchRow(started.id)).toMatchObject({ status: 'running', step: 'backup' });
    const { row } = await drive(started.id);
    expect(row.status).toBe('succeeded');

    const other = await online(ada.id);
    const second = await start(ada.cookie, other.serverId, { software: 'paper', version: '1.21.4' });
    sim.injectFailure('createBackup', 1, { retryable: true, status: 503 });
    // The server was not touched: the rollback only makes sure it runs.
    expect(await advanceSoftwareSwitch(t.app.softwareSwitches, second.id, { last: true })).toBe('done');
    expect(await switchRow(second.id)).toMatchObject({ status: 'rolled_back', step: 'done', reason: 'The game panel failed while taking the backup.' });
  });

  it('ends as failed, for staff, when the rollback itself keeps failing', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const started = await start(ada.cookie, serverId, { software: 'forge', version: '1.20.1', acceptLowMemory: true });
    sim.injectFailure('reinstall', 2);
    const { row } = await drive(started.id);
    expect(row.status).toBe('failed');
    expect(row.reason).toContain('open a support ticket and we will finish it by hand');
    expect(row.error).toContain('rollback: simulated panel failure at reinstall');
    // Staff see it, with the panel's error, on the server's page.
    const support = await createSignedInUser(t, { role: 'support' });
    const detail = await call('GET', `/api/admin/servers/${serverId}`, support.cookie);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().softwareSwitch).toMatchObject({ status: 'failed', from: 'Vanilla', to: 'Forge 1.20.1', error: expect.stringContaining('simulated panel failure at reinstall') });
    expect((await call('GET', `/api/servers/${serverId}/software`, ada.cookie)).body).not.toContain('simulated panel failure');
    // A failed switch no longer blocks a new one.
    const again = await call('POST', `/api/servers/${serverId}/software-switch`, ada.cookie, { software: 'paper', version: '1.21.4' });
    expect(again.statusCode, again.body).toBe(202);
  });

  it('while a switch runs, power, backups and file changes wait (409 server_switching); reading files still works', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Busy Valley' });
    const started = await start(ada.cookie, serverId, { software: 'paper', version: '1.21.4' });
    const busy = [
      await call('POST', `/api/servers/${serverId}/power`, ada.cookie, { action: 'stop' }),
      await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Mine' }),
      await t.app.inject({ method: 'PUT', url: `/api/servers/${serverId}/files/contents`, payload: { path: 'notes.txt', content: 'lost?' }, headers: { cookie: ada.cookie } }),
    ];
    for (const res of busy) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toEqual({ code: 'server_switching', message: 'This server is changing its software. Try again once the switch is done.' });
    }
    expect((await call('GET', `/api/servers/${serverId}/files?path=`, ada.cookie)).statusCode).toBe(200);
    await drive(started.id);
    expect((await call('POST', `/api/servers/${serverId}/backups`, ada.cookie, { name: 'Mine' })).statusCode).toBe(202);
  });

  it('refuses: not Minecraft, unknown choices, the same software and version, low memory unasked, a second switch, strangers, subusers without settings, suspended', async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const mc = await online(ada.id, { name: 'Refusal Valley' });
    const fivem = await online(ada.id, { game: 'fivem', name: 'Los Santos' });
    const post = (cookie: string, serverId: string, body: object) => call('POST', `/api/servers/${serverId}/software-switch`, cookie, body);
    const code = async (res: Awaited<ReturnType<typeof post>>) => [res.statusCode, res.json().error?.code];

    expect(await code(await post(ada.cookie, fivem.serverId, { software: 'paper', version: '1.21.4' }))).toEqual([409, 'no_software']);
    expect((await call('GET', `/api/servers/${fivem.serverId}/software`, ada.cookie)).json().options).toEqual([]);
    expect(await code(await post(ada.cookie, mc.serverId, { software: 'spigot', version: '1.21.4' }))).toEqual([400, 'bad_request']);
    const badVersion = await post(ada.cookie, mc.serverId, { software: 'paper', version: '1.8.8' });
    expect(badVersion.json().error).toMatchObject({ code: 'bad_request', message: 'Paper is offered in 1.21.4, 1.21.1, 1.20.6, 1.20.4.' });
    expect(await code(await post(ada.cookie, mc.serverId, { software: 'paper', version: '../../1' }))).toEqual([400, 'validation_failed']);
    const low = await post(ada.cookie, mc.serverId, { software: 'forge', version: '1.20.1' });
    expect(low.statusCode).toBe(409);
    expect(low.json().error).toMatchObject({ code: 'low_memory', message: expect.stringContaining('Forge runs best with at least 6 GB') });

    expect(await code(await post(bob.cookie, mc.serverId, { software: 'paper', version: '1.21.4' }))).toEqual([404, 'not_found']);
    // A subuser with only console access may not; with settings they may, but are not offered the plan.
    await t.database.db.insert(serverShares).values({
      id: randomIds.uuid(),
      serverId: mc.serverId,
      email: bob.email,
      userId: bob.id,
      permissions: ['console'],
      invitedBy: ada.id,
      invitedAt: clock.now(),
      expiresAt: clock.now(),
      acceptedAt: clock.now(),
      updatedAt: clock.now(),
    });
    expect(await code(await post(bob.cookie, mc.serverId, { software: 'paper', version: '1.21.4' }))).toEqual([403, 'forbidden']);
    await t.database.db.update(serverShares).set({ permissions: ['console', 'settings'] }).where(eq(serverShares.serverId, mc.serverId));
    expect((await call('GET', `/api/servers/${mc.serverId}/software`, bob.cookie)).json()).toMatchObject({ canUpgradePlan: false });
    const byFriend = await post(bob.cookie, mc.serverId, { software: 'paper', version: '1.21.4' });
    expect(byFriend.statusCode, byFriend.body).toBe(202);
    expect(await code(await post(ada.cookie, mc.serverId, { software: 'fabric', version: '1.21.4' }))).toEqual([409, 'switch_running']);
    await drive(byFriend.json().switch.id);
    expect(await code(await post(ada.cookie, mc.serverId, { software: 'paper', version: '1.21.4' }))).toEqual([400, 'same_software']);

    await t.database.query("update servers set status = 'suspended' where id = $1", [mc.serverId]);
    expect(await code(await post(ada.cookie, mc.serverId, { software: 'vanilla', version: '1.21.4' }))).toEqual([409, 'server_suspended']);
  });
});
