import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPaidServer, provisionOnlineServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, manualClock, type TestContext } from '../../test/test-app';

/** GET /api/servers/:id/console over real HTTP; `lines` are the parsed `event: line` data. */
async function openConsole(t: TestContext, serverId: string, cookie: string) {
  const { port } = t.app.server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: `/api/servers/${serverId}/console`, headers: { cookie }, agent: false }, resolve)
      .on('error', reject)
      .end();
  });
  res.setEncoding('utf8');
  let raw = '';
  let ended = false;
  res.on('data', (chunk: string) => (raw += chunk));
  res.on('end', () => (ended = true));
  res.on('error', () => (ended = true));
  return {
    res,
    get raw() {
      return raw;
    },
    get ended() {
      return ended;
    },
    get lines(): { line: string; at: string }[] {
      return raw
        .split('\n\n')
        .filter((block) => block.startsWith('event: line\n'))
        .map((block) => JSON.parse(block.slice('event: line\ndata: '.length)) as { line: string; at: string });
    },
    close: () => res.destroy(),
  };
}

describe.each(dbKinds)('server console on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' }, jobs: { liveEvents: { heartbeatMs: 100 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const online = (userId: string) =>
    provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, userId);
  const command = (serverId: string, cookie: string, text: string) =>
    t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/command`, headers: { cookie }, payload: { command: text } });

  it('streams the recent lines, then a command and its echo, with heartbeats', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    clock.advance(10_000);
    const stream = await openConsole(t, serverId, ada.cookie);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    await expect.poll(() => stream.lines.map((l) => l.line)).toContain('[Installer] Installation complete');
    expect(stream.lines.some((l) => l.line.startsWith('[Server thread/INFO]: Done ('))).toBe(true);
    expect(stream.lines.every((l) => !Number.isNaN(Date.parse(l.at)))).toBe(true);

    const sent = await command(serverId, ada.cookie, 'say Welcome to the server');
    expect(sent.statusCode).toBe(204);
    await expect.poll(() => stream.lines.map((l) => l.line).slice(-2)).toEqual(['> say Welcome to the server', '[Server] Welcome to the server']);
    await expect.poll(() => stream.raw).toContain(': heartbeat\n\n');

    // Lines printed later arrive live: stop the server and watch it shut down.
    expect((await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/power`, headers: { cookie: ada.cookie }, payload: { action: 'stop' } })).statusCode).toBe(202);
    clock.advance(3_000);
    await expect.poll(() => stream.lines.map((l) => l.line)).toContain('Server stopped');
    const offline = await command(serverId, ada.cookie, 'say anyone?');
    expect(offline.statusCode).toBe(409);
    expect(offline.json()).toEqual({ error: { code: 'server_offline', message: 'This server is offline. Start it to send commands.' } });
    stream.close();
  });

  it('answers 409 JSON for a server that is not ready or suspended, and checks the command', async () => {
    const ada = await createSignedInUser(t);
    const { serverId: installing } = await insertPaidServer(t.database.db, ada.id, { status: 'installing' });
    const notReady = await openConsole(t, installing, ada.cookie);
    expect(notReady.res.statusCode).toBe(409);
    expect(notReady.res.headers['content-type']).toMatch(/^application\/json/);
    await expect.poll(() => notReady.ended).toBe(true);
    expect(JSON.parse(notReady.raw).error.code).toBe('server_not_ready');

    const { serverId } = await online(ada.id);
    for (const bad of ['', ' ', 'x'.repeat(501), 'say a\nstop']) {
      expect((await command(serverId, ada.cookie, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    await t.database.query(`update servers set status = 'suspended' where id = $1`, [serverId]);
    expect((await command(serverId, ada.cookie, 'say hi')).json().error.code).toBe('server_suspended');
    const suspended = await openConsole(t, serverId, ada.cookie);
    expect(suspended.res.statusCode).toBe(409);
    suspended.close();
  });

  it("gives another customer's console a 404", async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const stream = await openConsole(t, serverId, bob.cookie);
    expect(stream.res.statusCode).toBe(404);
    stream.close();
  });
});

describe.each(dbKinds)('server console at shutdown on %s', (kind) => {
  it('ends open consoles so app.close() does not wait for them', async () => {
    const clock = manualClock();
    const t = await createTestApp(kind, { clock, env: { SIM_PANEL_INSTALL_SECONDS: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ada = await createSignedInUser(t);
    const { serverId } = await provisionOnlineServer({ db: t.database.db, clock, panel: t.app.panel, events: t.app.events }, ada.id);
    clock.advance(10_000);
    const stream = await openConsole(t, serverId, ada.cookie);
    await expect.poll(() => stream.lines.length).toBeGreaterThan(0);
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => stream.ended).toBe(true);
  });
});
