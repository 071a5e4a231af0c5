import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { seedCatalog } from '../features/catalog/catalog.repository';
import {
  createUser,
  dbKinds,
  manualClock,
  openTestDatabase,
  signIn,
  startTestInstance,
  testBillingDetails,
  type TestContext,
} from '../test/test-app';
import { createRateLimiter } from './rate-limiter';

/** Two app instances on one database, as behind a load balancer: the limits are counted once, in the database. */
describe.each(dbKinds)('rate limits shared by two instances on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  let a: TestContext;
  let b: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
    await seedCatalog(database.db);
    const login = [{ scope: 'ip' as const, max: 4, windowMs: 15 * 60_000 }];
    a = await startTestInstance(database, { clock, authLimits: { login } });
    b = await startTestInstance(database, { clock, authLimits: { login } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dispose?.();
  });

  it('holds a route limit of 30 across both: the 31st request, on either, gets 429', async () => {
    const user = await createUser(a);
    const cookie = await signIn(a, user);
    const save = (t: TestContext) =>
      t.app.inject({ method: 'PUT', url: '/api/account/billing-details', payload: testBillingDetails, headers: { cookie } });
    for (let i = 0; i < 30; i += 1) {
      const res = await save(i % 2 === 0 ? a : b);
      expect(res.statusCode, `request ${i + 1}`).toBe(200);
    }
    for (const t of [a, b]) {
      const res = await save(t);
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/) });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('counts sign-in attempts from one address on both instances against one limit', async () => {
    const user = await createUser(a);
    const attempt = (t: TestContext) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email, password: 'wrong password' }, remoteAddress: '10.9.0.1' });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    const limited = await attempt(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect((await attempt(b)).statusCode).toBe(429);
    clock.advance(15 * 60_000);
    expect((await attempt(b)).statusCode).toBe(401);
  });

  it('counts exactly under concurrency, starts a new window after the old one, and cleans up ended windows', async () => {
    const limiter = createRateLimiter(database.db, clock);
    const rule = { max: 30, windowMs: 60_000 };
    const waits = await Promise.all(Array.from({ length: 40 }, () => limiter.hit('burst', rule)));
    expect(waits.filter((w) => w === 0)).toHaveLength(30);
    expect(waits.filter((w) => w > 0).every((w) => w <= 60_000)).toBe(true);

    await limiter.hit('short', { max: 1, windowMs: 1_000 });
    clock.advance(60_000);
    expect(await limiter.hit('burst', rule)).toBe(0);
    const removed = await limiter.deleteExpired();
    expect(removed).toBeGreaterThanOrEqual(1);
    const keys = await database.query<{ hits: number }>('select hits from rate_limit_counters where reset_at <= $1', [clock.now().toISOString()]);
    expect(keys).toEqual([]);
    expect(await limiter.peek('burst')).toMatchObject({ hits: 1 });
    expect(await limiter.peek('short')).toBeNull();
    const stored = await database.query<{ key: string }>('select key from rate_limit_counters');
    expect(stored.every((r) => /^[0-9a-f]{64}$/.test(r.key))).toBe(true);
  });
});
