import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPaidServer, provisionOnlineServer, serverRow, activityMessages } from '../../jobs/provisioning.fixtures';
import type { ChangeEvent } from '../../lib/events';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('server management API on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
  });
  afterAll(async () => t?.close());

  const online = (userId: string, options: Parameters<typeof provisionOnlineServer>[2] = {}) =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId, options);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const power = (id: string, action: string, cookie: string) => call('POST', `/api/servers/${id}/power`, cookie, { action });

  const endpoints = (id: string) => [
    ['POST', `/api/servers/${id}/power`, { action: 'start' }],
    ['GET', `/api/servers/${id}/resources`],
    ['GET', `/api/servers/${id}/resources/history`],
    ['GET', `/api/servers/${id}/players`],
    ['GET', `/api/servers/${id}/console`],
    ['POST', `/api/servers/${id}/command`, { command: 'say hi' }],
    ['GET', `/api/servers/${id}/backups`],
    ['POST', `/api/servers/${id}/backups`, {}],
    ['GET', `/api/servers/${id}/backups/00000000-0000-4000-8000-000000000000/download`],
    ['GET', `/api/servers/${id}/restart-schedule`],
    ['PUT', `/api/servers/${id}/restart-schedule`, { time: '04:00' }],
  ] as const;

  it('answers 401 when signed out', async () => {
    for (const [method, url, payload] of endpoints('00000000-0000-4000-8000-000000000000')) {
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another customer's server and for a malformed id, on every endpoint", async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const bobs = await online(bob.id, { name: 'Bob World' });
    for (const id of [bobs.serverId, 'not-a-uuid']) {
      for (const [method, url, payload] of endpoints(id)) {
        const res = await call(method, url, ada.cookie, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
    }
    expect((await serverRow(t.database.db, bobs.serverId)).status).toBe('online');
  });

  it('stops and starts with realistic transitions, the state rules, activity and change notices', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Creeper Valley' });
    const notices: ChangeEvent[] = [];
    const off = t.app.events.subscribe(ada.id, (e) => notices.push(e));

    const stop = await power(serverId, 'stop', ada.cookie);
    expect(stop.statusCode).toBe(202);
    expect(stop.json().server).toMatchObject({ id: serverId, status: 'stopping', name: 'Creeper Valley' });
    expect(notices).toContainEqual({ topic: 'servers', id: serverId });
    const again = await power(serverId, 'stop', ada.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: { code: 'already_stopped', message: 'This server is already stopped.' } });

    clock.advance(3_000);
    const resources = await call('GET', `/api/servers/${serverId}/resources`, ada.cookie);
    expect(resources.json()).toMatchObject({ state: 'offline', cpuPercent: 0, memoryBytes: 0, uptimeSeconds: 0 });
    expect((await call('GET', `/api/servers/${serverId}`, ada.cookie)).json().server.status).toBe('offline');
    expect((await power(serverId, 'stop', ada.cookie)).json().error.code).toBe('already_stopped');

    const start = await power(serverId, 'start', ada.cookie);
    expect(start.statusCode).toBe(202);
    expect(start.json().server.status).toBe('starting');
    expect((await power(serverId, 'start', ada.cookie)).json()).toEqual({
      error: { code: 'already_running', message: 'This server is already running.' },
    });
    clock.advance(6_000);
    expect((await call('GET', `/api/servers/${serverId}/resources`, ada.cookie)).json().state).toBe('online');
    expect((await serverRow(t.database.db, serverId)).status).toBe('online');
    expect((await power(serverId, 'start', ada.cookie)).statusCode).toBe(409);

    const restart = await power(serverId, 'restart', ada.cookie);
    expect(restart.json().server.status).toBe('stopping');
    clock.advance(9_000);
    expect((await call('GET', `/api/servers/${serverId}/resources`, ada.cookie)).json().state).toBe('online');

    const messages = await activityMessages(t.database.db, ada.id);
    expect(messages).toEqual(expect.arrayContaining(['Server Creeper Valley stopped', 'Server Creeper Valley started', 'Server Creeper Valley restarted']));
    off();
  });

  it('refuses power for a suspended server, and for one that is not ready, failed or cancelled', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    await t.database.query(`update servers set status = 'suspended' where id = $1`, [serverId]);
    const suspended = await power(serverId, 'start', ada.cookie);
    expect(suspended.statusCode).toBe(409);
    expect(suspended.json()).toEqual({
      error: { code: 'server_suspended', message: 'This server is suspended. Settle the outstanding invoice to start it again.' },
    });

    // Suspended on the panel while we still think it is online: the panel's word wins.
    const other = await online(ada.id);
    const [panelServerId] = (await t.database.query<{ panel_server_id: string }>('select panel_server_id from servers where id = $1', [other.serverId])).map((r) => r.panel_server_id);
    await t.database.query('update sim_panel_servers set suspended = 1 where id = $1', [panelServerId]);
    expect((await power(other.serverId, 'stop', ada.cookie)).json().error.code).toBe('server_suspended');

    const cases = [
      ['provisioning', 'This server is still being set up.'],
      ['installing', 'This server is still being set up.'],
      ['failed', 'This server could not be set up.'],
      ['cancelled', 'This server has been cancelled.'],
    ] as const;
    for (const [status, message] of cases) {
      const { serverId: id } = await insertPaidServer(t.database.db, ada.id, { status });
      const res = await power(id, 'start', ada.cookie);
      expect(res.statusCode, status).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'server_not_ready', message } });
    }
    expect((await power(serverId, 'explode', ada.cookie)).statusCode).toBe(400);
  });

  it('reports usage against the plan, a last-hour history and the players, and zeros while being set up', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    clock.advance(45 * 60_000);
    // Sessions end after 30 idle minutes of the same clock.
    ada.cookie = await signIn(t, ada);
    const res = (await call('GET', `/api/servers/${serverId}/resources`, ada.cookie)).json();
    expect(res).toMatchObject({
      state: 'online',
      cpuLimitPercent: 200,
      memoryLimitBytes: 4 * 1024 ** 3,
      diskLimitBytes: 40 * 1024 ** 3,
      uptimeSeconds: 45 * 60,
      players: { max: 10 },
      lastBackupAt: null,
    });
    expect(res.cpuPercent).toBeGreaterThan(0);
    expect(res.memoryBytes).toBeGreaterThan(0);
    expect(res.players.online).toBeLessThanOrEqual(10);

    const players = (await call('GET', `/api/servers/${serverId}/players`, ada.cookie)).json();
    expect(players.max).toBe(10);
    expect(players.players).toHaveLength(res.players.online);
    for (const p of players.players) expect(Date.parse(p.joinedAt)).toBeLessThanOrEqual(clock.now().getTime());

    const { points } = (await call('GET', `/api/servers/${serverId}/resources/history`, ada.cookie)).json();
    expect(points.length).toBeGreaterThanOrEqual(60);
    expect(points.length).toBeLessThanOrEqual(61);
    expect(Date.parse(points.at(-1).at)).toBeLessThanOrEqual(clock.now().getTime());
    expect(points.filter((p: { cpuPercent: number }) => p.cpuPercent > 0).length).toBeGreaterThanOrEqual(44);

    const { serverId: installing } = await insertPaidServer(t.database.db, ada.id, { status: 'installing' });
    expect((await call('GET', `/api/servers/${installing}/resources`, ada.cookie)).json()).toEqual({
      state: 'installing',
      cpuPercent: 0,
      cpuLimitPercent: 200,
      memoryBytes: 0,
      memoryLimitBytes: 4 * 1024 ** 3,
      diskBytes: 0,
      diskLimitBytes: 40 * 1024 ** 3,
      uptimeSeconds: 0,
      players: { online: 0, max: 10 },
      lastBackupAt: null,
    });
    expect((await call('GET', `/api/servers/${installing}/resources/history`, ada.cookie)).json()).toEqual({ points: [] });
    expect((await call('GET', `/api/servers/${installing}/players`, ada.cookie)).json()).toEqual({ players: [], max: 10 });
  });

  it('sets, reads and clears the daily restart time', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id, { name: 'Sched' });
    const url = `/api/servers/${serverId}/restart-schedule`;
    expect((await call('GET', url, ada.cookie)).json()).toEqual({ restartAt: null });
    expect((await call('PUT', url, ada.cookie, { time: '04:30' })).json()).toEqual({ restartAt: '04:30' });
    expect((await call('GET', url, ada.cookie)).json()).toEqual({ restartAt: '04:30' });
    for (const time of ['24:00', '4:30', '04:60', 'soon']) {
      expect((await call('PUT', url, ada.cookie, { time })).statusCode, time).toBe(400);
    }
    expect((await call('PUT', url, ada.cookie, { time: null })).json()).toEqual({ restartAt: null });
    expect(await activityMessages(t.database.db, ada.id)).toEqual(
      expect.arrayContaining(['Server Sched will restart daily at 04:30 UTC', 'Daily restart of Sched turned off']),
    );
  });
});

describe.each(dbKinds)('power transitions on the real clock on %s', (kind) => {
  it('reports offline after a stop without anyone asking, and tells the open pages', async () => {
    const t = await createTestApp(kind, { env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    try {
      const ada = await createSignedInUser(t);
      const { serverId } = await provisionOnlineServer({ db: t.database.db, clock: { now: () => new Date() }, panel: t.app.panel, events: t.app.events }, ada.id);
      const notices: ChangeEvent[] = [];
      t.app.events.subscribe(ada.id, (e) => notices.push(e));
      const res = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/power`, headers: { cookie: ada.cookie }, payload: { action: 'stop' } });
      expect(res.json().server.status).toBe('stopping');
      await expect.poll(async () => (await serverRow(t.database.db, serverId)).status, { timeout: 10_000, interval: 250 }).toBe('offline');
      expect(notices.filter((n) => n.id === serverId).length).toBeGreaterThanOrEqual(2);
    } finally {
      await t.close();
    }
  });
});
