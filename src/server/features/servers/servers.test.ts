import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPaidServer } from '../../jobs/provisioning.fixtures';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('servers API on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const setStatus = (id: string, status: string, extra = '') =>
    t.database.query(`update servers set status = $1 ${extra} where id = $2`, [status, id]);

  it('answers 401 when signed out', async () => {
    for (const url of ['/api/servers', '/api/servers/00000000-0000-4000-8000-000000000000', '/api/server-status']) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
  });

  it("lists only the customer's own servers, newest first, in camelCase only", async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    await insertPaidServer(t.database.db, ada.id, { name: 'Old World', createdAt: new Date('2030-01-01T00:00:00Z') });
    const newer = await insertPaidServer(t.database.db, ada.id, { name: 'New World', createdAt: new Date('2030-01-02T00:00:00Z') });
    await insertPaidServer(t.database.db, bob.id, { name: 'Bob World' });
    await setStatus(newer.serverId, 'online', ", ip = '198.51.100.10', port = 25565, panel_url = 'https://spawnpoint.test/dashboard/services'");

    const res = await get('/api/servers', ada.cookie);
    expect(res.statusCode).toBe(200);
    const { servers } = res.json() as { servers: Record<string, unknown>[] };
    expect(servers.map((s) => s.name)).toEqual(['New World', 'Old World']);
    expect(servers[0]).toMatchObject({
      id: newer.serverId,
      name: 'New World',
      game: 'minecraft',
      gameName: 'Minecraft',
      status: 'online',
      ram: 4,
      cpu: 2,
      disk: 40,
      location: 'us-west',
      locationLabel: 'US West (California)',
      ip: '198.51.100.10',
      port: 25565,
      address: '198.51.100.10:25565',
      panelUrl: 'https://spawnpoint.test/dashboard/services',
      planName: 'Minecraft 4GB',
      playerCap: 10,
      failureReason: null,
      createdAt: '2030-01-02T00:00:00.000Z',
    });
    // One spelling: camelCase only.
    expect(Object.keys(servers[0]!).filter((k) => k.includes('_'))).toEqual([]);
  });

  it("answers one's own server and 404 for another customer's or a malformed id", async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const own = await insertPaidServer(t.database.db, ada.id);
    const theirs = await insertPaidServer(t.database.db, bob.id);
    const mine = await get(`/api/servers/${own.serverId}`, ada.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().server.id).toBe(own.serverId);
    const other = await get(`/api/servers/${theirs.serverId}`, ada.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: { code: 'not_found', message: 'Server not found' } });
    expect((await get('/api/servers/not-a-uuid', ada.cookie)).statusCode).toBe(404);
  });

  it('reports hasServer once the latest server is installed, and a failed one with its reason', async () => {
    const ada = await createSignedInUser(t);
    expect((await get('/api/server-status', ada.cookie)).json()).toEqual({ hasServer: false, server: null });

    const first = await insertPaidServer(t.database.db, ada.id, { createdAt: new Date('2030-01-01T00:00:00Z') });
    const status = (await get('/api/server-status', ada.cookie)).json();
    expect(status.hasServer).toBe(false);
    expect(status.server).toMatchObject({ id: first.serverId, status: 'provisioning' });

    await setStatus(first.serverId, 'installing');
    expect((await get('/api/server-status', ada.cookie)).json().hasServer).toBe(false);
    await setStatus(first.serverId, 'online');
    expect((await get('/api/server-status', ada.cookie)).json().hasServer).toBe(true);

    // A second purchase: the latest server is the new one, still provisioning; the success
    // page asks about its own order.
    const second = await insertPaidServer(t.database.db, ada.id, { createdAt: new Date('2030-01-03T00:00:00Z') });
    expect((await get('/api/server-status', ada.cookie)).json()).toMatchObject({ hasServer: false, server: { id: second.serverId } });
    expect((await get(`/api/server-status?orderId=${first.orderId}`, ada.cookie)).json()).toMatchObject({
      hasServer: true,
      server: { id: first.serverId },
    });

    const reason = 'We could not set up your server after several attempts. Your payment is refunded in full.';
    await setStatus(second.serverId, 'failed', `, failure_reason = '${reason}'`);
    expect((await get(`/api/server-status?orderId=${second.orderId}`, ada.cookie)).json()).toMatchObject({
      hasServer: false,
      server: { status: 'failed', failureReason: reason },
    });

    const bob = await createSignedInUser(t);
    expect((await get(`/api/server-status?orderId=${first.orderId}`, bob.cookie)).json()).toEqual({
      hasServer: false,
      server: null,
    });
  });
});
