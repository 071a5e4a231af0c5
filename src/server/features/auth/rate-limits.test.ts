import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKinds, manualClock, uniqueEmail, type TestContext } from '../../test/test-app';

const window = 15 * 60_000;

describe.each(dbKinds)('auth rate limits on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, {
      clock,
      authLimits: {
        login: [
          { scope: 'ip+account', max: 3, windowMs: window },
          { scope: 'ip', max: 5, windowMs: window },
          { scope: 'account', max: 8, windowMs: window },
        ],
        signup: [
          { scope: 'ip', max: 2, windowMs: window },
          { scope: 'account', max: 2, windowMs: window },
        ],
        passwordReset: [{ scope: 'account', max: 2, windowMs: window }],
        resendVerification: [{ scope: 'ip', max: 2, windowMs: window }],
      },
    });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, ip: string) => t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });

  function expect429(res: Awaited<ReturnType<typeof post>>, minutes: number) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({
      code: 'rate_limited',
      message: `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan((minutes - 1) * 60);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(minutes * 60);
  }

  it('limits sign-in attempts per IP and account, then lets them through after the window', async () => {
    const user = await createUser(t);
    const attempt = () => post('/api/auth/login', { email: user.email, password: 'wrong password' }, '10.0.0.1');
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    expect429(await attempt(), 15);
    // Even the right password is refused while limited.
    expect((await post('/api/auth/login', user, '10.0.0.1')).statusCode).toBe(429);
    // Another address is not affected by this pair's limit.
    expect((await post('/api/auth/login', user, '10.0.0.2')).statusCode).toBe(200);
    clock.advance(10 * 60_000);
    expect429(await attempt(), 5);
    clock.advance(5 * 60_000);
    expect((await post('/api/auth/login', user, '10.0.0.1')).statusCode).toBe(200);
  });

  it('limits one address trying many accounts', async () => {
    const ip = '10.0.1.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, ip)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, ip)).statusCode).toBe(429);
    clock.advance(window);
  });

  it('limits many addresses trying one account', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 8; i += 1) {
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong one' }, `10.0.2.${i}`)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', { email: user.email, password: 'wrong one' }, '10.0.2.99')).statusCode).toBe(429);
    clock.advance(window);
  });

  it('limits sign-up, password reset and resend', async () => {
    const signup = (email: string) => post('/api/auth/signup', { email, password: 'long enough pass' }, '10.0.3.1');
    expect((await signup(uniqueEmail())).statusCode).toBe(201);
    expect((await signup(uniqueEmail())).statusCode).toBe(201);
    expect((await signup(uniqueEmail())).statusCode).toBe(429);

    const target = uniqueEmail();
    for (const ip of ['10.0.4.1', '10.0.4.2']) {
      expect((await post('/api/auth/password-reset', { email: target }, ip)).statusCode).toBe(200);
    }
    expect((await post('/api/auth/password-reset', { email: target }, '10.0.4.3')).statusCode).toBe(429);

    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/auth/resend-verification', { email: uniqueEmail() }, '10.0.5.1')).statusCode).toBe(200);
    }
    const limited = await post('/api/auth/resend-verification', { email: uniqueEmail() }, '10.0.5.1');
    expect429(limited, 15);
  });
});
