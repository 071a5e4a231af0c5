import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKinds, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('GET /api/health on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  it('answers 200 {status: "ok"} once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 without internals when the database does not answer', async () => {
    const spy = vi.spyOn(t.database, 'query').mockRejectedValueOnce(new Error('connect ECONNREFUSED 10.1.2.3:5432'));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'unavailable', message: 'The database is not reachable' } });
    expect(res.body).not.toContain('ECONNREFUSED');
  });
});
