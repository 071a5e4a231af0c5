import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dbKinds, type TestContext } from '../../test/test-app';

const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';

describe.each(dbKinds)('GET /metrics on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { METRICS_TOKEN } });
  });
  afterAll(async () => t?.close());

  const scrape = (token = METRICS_TOKEN) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });

  it('answers only with the token: 401 without it or with a wrong one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await scrape('not-the-metrics-token-0000000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.body).not.toContain('http_request_duration_seconds');
  });

  it('counts a request by route and status', async () => {
    const count = async () => {
      const text = (await scrape()).body;
      const line = text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{method="GET",route="/api/catalog",status_code="200"}'));
      return Number(line?.split(' ').pop() ?? 0);
    };
    const before = await count();
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog' })).statusCode).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('reports job queues, servers, purchases, webhook rejections and open streams', async () => {
    await t.app.inject({ method: 'POST', url: '/api/webhooks/local', payload: '{}', headers: { 'content-type': 'application/json' } });
    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('spawnpoint_webhooks_total{outcome="rejected",status_code="400"} 1');
    expect(res.body).toContain('spawnpoint_sse_connections{stream="events"} 0');
    for (const name of ['spawnpoint_jobs', 'spawnpoint_servers', 'spawnpoint_purchases', 'process_resident_memory_bytes']) {
      expect(res.body).toContain(`# TYPE ${name} `);
    }
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => t?.close());

  it('answers 404, token or not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });
});
