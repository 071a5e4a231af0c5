import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus, type EventBus } from '../../lib/events';
import { createPgEventBus } from '../../lib/pg-events';
import { createSignedInUser, createTestApp, dbKinds, type TestContext } from '../../test/test-app';

/**
 * Opens GET /api/events over real HTTP, on a connection of its own (fetch's pool opens spare
 * sockets that would hold app.close() open); `next(text)` waits until the stream has shown `text`.
 */
async function openStream(t: TestContext, cookie: string) {
  const { port } = t.app.server.address() as AddressInfo;
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie }, agent: false }, resolve)
      .on('error', reject)
      .end();
  });
  res.setEncoding('utf8');
  let seen = '';
  let ended = false;
  res.on('data', (chunk: string) => (seen += chunk));
  res.on('end', () => (ended = true));
  res.on('error', () => (ended = true));
  return {
    res,
    get seen() {
      return seen;
    },
    get ended() {
      return ended;
    },
    async next(text: string, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!seen.includes(text)) {
        if (ended) throw new Error(`the stream ended; it showed ${JSON.stringify(seen)}`);
        if (Date.now() > deadline) throw new Error(`the stream never showed ${JSON.stringify(text)}; it showed ${JSON.stringify(seen)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => res.destroy(),
  };
}

function countingBus() {
  const bus = createInProcessBus();
  let active = 0;
  const counting: EventBus & { readonly active: number } = {
    publish: bus.publish,
    subscribe(userId, listener) {
      active += 1;
      const off = bus.subscribe(userId, listener);
      return () => {
        active -= 1;
        off();
      };
    },
    close: bus.close,
    get active() {
      return active;
    },
  };
  return counting;
}

describe.each(dbKinds)('GET /api/events on %s', (kind) => {
  let t: TestContext;
  const bus = countingBus();
  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: bus }, jobs: { liveEvents: { heartbeatMs: 100 } } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/events' });
    expect(res.statusCode).toBe(401);
  });

  it("streams the user's change notices, with heartbeats, and nobody else's", async () => {
    const ada = await createSignedInUser(t);
    const bob = await createSignedInUser(t);
    const stream = await openStream(t, ada.cookie);
    expect(stream.res.statusCode).toBe(200);
    expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(stream.res.headers['cache-control']).toBe('no-cache, no-transform');
    await stream.next(': connected');

    t.app.events.publish(bob.id, { topic: 'servers', id: 'bobs-server' });
    t.app.events.publish(ada.id, { topic: 'servers', id: 'adas-server' });
    await stream.next('event: change\ndata: {"topic":"servers","id":"adas-server"}\n\n');
    await stream.next(': heartbeat\n\n');
    expect(stream.seen).not.toContain('bobs-server');
    stream.close();
  });

  it('unsubscribes when the client goes away', async () => {
    const ada = await createSignedInUser(t);
    const before = bus.active;
    const stream = await openStream(t, ada.cookie);
    await stream.next(': connected');
    expect(bus.active).toBe(before + 1);
    stream.close();
    await expect.poll(() => bus.active, { timeout: 5_000 }).toBe(before);
  });
});

describe.each(dbKinds)('GET /api/events at shutdown on %s', (kind) => {
  it('ends open streams so app.close() does not wait for them', async () => {
    const t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ada = await createSignedInUser(t);
    const stream = await openStream(t, ada.cookie);
    await stream.next(': connected');
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => stream.ended, { timeout: 2_000 }).toBe(true);
  });
});

describe.runIf(dbKinds.includes('postgres'))('GET /api/events across app instances (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('postgres');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('delivers a notice another instance published, through LISTEN/NOTIFY', async () => {
    const ada = await createSignedInUser(t);
    const stream = await openStream(t, ada.cookie);
    await stream.next(': connected');
    await t.app.events.ready?.();
    const otherInstance = createPgEventBus({
      connectionString: t.database.connectionString!,
      query: (sql, params) => t.database.query(sql, params),
      log: { warn: () => {} },
    });
    otherInstance.publish(ada.id, { topic: 'servers', id: 'from-the-worker' });
    await stream.next('data: {"topic":"servers","id":"from-the-worker"}');
    stream.close();
    await otherInstance.close();
  });
});
