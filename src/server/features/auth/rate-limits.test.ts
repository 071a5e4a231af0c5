import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKinds, manualClock, readMailbox, tokenFromEmail, uniqueEmail, type TestContext } from '../../test/test-app';

const window = 15 * 60_000;
const minute = 60_000;

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
          { scope: 'account', max: 8, windowMs: 60 * minute, backoff: { baseMs: minute, capMs: 4 * minute } },
        ],
        signup: [
          { scope: 'ip', max: 2, windowMs: window },
          { scope: 'account', max: 2, windowMs: window },
        ],
        passwordReset: [{ scope: 'account', max: 2, windowMs: window }],
        resendVerification: [{ scope: 'ip', max: 2, windowMs: window }],
        verifyEmail: [{ scope: 'account', max: 3, windowMs: window }],
      },
    });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, ip: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: cookie ? { cookie } : {} });

  /** The device cookie a successful sign-in sets, ready for a `cookie` header. */
  function deviceCookie(res: Awaited<ReturnType<typeof post>>): string {
    const device = res.cookies.find((c) => c.name === 'sp_device');
    if (!device) throw new Error('no device cookie');
    return `sp_device=${device.value}`;
  }

  function expectWait(res: Awaited<ReturnType<typeof post>>, seconds: number) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBe(seconds);
  }

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

  it('slows many addresses trying one account with a growing, capped delay, never a lock-out', async () => {
    const user = await createUser(t);
    const wrong = (i: number) => post('/api/auth/login', { email: user.email, password: 'wrong one' }, `10.0.2.${i}`);
    for (let i = 0; i < 8; i += 1) expect((await wrong(i)).statusCode).toBe(401);
    // Each further attempt waits twice as long as the one before, up to the cap; a refused one does not count.
    expectWait(await wrong(20), 60);
    expectWait(await wrong(21), 60);
    clock.advance(minute);
    expect((await wrong(22)).statusCode).toBe(401);
    expectWait(await wrong(23), 120);
    clock.advance(2 * minute);
    expect((await wrong(24)).statusCode).toBe(401);
    expectWait(await wrong(25), 240);
    clock.advance(4 * minute);
    expect((await wrong(26)).statusCode).toBe(401);
    expectWait(await wrong(27), 240);
    // Even the right password waits, but only that long, and then gets in.
    expectWait(await post('/api/auth/login', user, '10.0.2.100'), 240);
    clock.advance(4 * minute);
    expect((await post('/api/auth/login', user, '10.0.2.100')).statusCode).toBe(200);
    // The successful sign-in forgave the account's count.
    expect((await wrong(28)).statusCode).toBe(401);
    clock.advance(60 * minute);
  });

  it("lets the owner's known device past the account's delay, but not past the per-IP limits", async () => {
    const user = await createUser(t);
    const first = await post('/api/auth/login', user, '10.0.6.1');
    expect(first.statusCode).toBe(200);
    const device = deviceCookie(first);
    const header = String(first.headers['set-cookie']);
    expect(header).toMatch(/sp_device=[^;]+;/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\/api\/auth/);
    expect(header).toMatch(/Max-Age=31536000/);

    for (let i = 0; i < 8; i += 1) {
      expect((await post('/api/auth/login', { email: user.email, password: 'wrong one' }, `10.0.7.${i}`)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', user, '10.0.8.1')).statusCode).toBe(429);
    // From the device that signed in before, at once, from anywhere.
    const again = await post('/api/auth/login', user, '10.0.8.2', device);
    expect(again.statusCode).toBe(200);
    // Its own mistakes are held to the per-pair and per-IP limits only.
    expect((await post('/api/auth/login', { email: user.email, password: 'typo typo' }, '10.0.8.2', device)).statusCode).toBe(401);
    // The attackers' count was not forgiven by the known device.
    expect((await post('/api/auth/login', user, '10.0.8.3')).statusCode).toBe(429);

    // A device known for another account, or a forged cookie, is not exempt.
    const other = await createUser(t);
    const otherDevice = deviceCookie(await post('/api/auth/login', other, '10.0.6.2'));
    expect((await post('/api/auth/login', user, '10.0.8.4', otherDevice)).statusCode).toBe(429);
    const [body] = device.slice('sp_device='.length).split('.');
    expect((await post('/api/auth/login', user, '10.0.8.5', `sp_device=${body}.forged`)).statusCode).toBe(429);

    const ip = '10.0.9.1';
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/auth/login', { email: uniqueEmail(), password: 'whatever1' }, ip)).statusCode).toBe(401);
    }
    expect((await post('/api/auth/login', user, ip, device)).statusCode).toBe(429);
    clock.advance(60 * minute);
  });

  it('lets one of many simultaneous attempts through when the delay is over', async () => {
    const user = await createUser(t);
    const wrong = (ip: string) => post('/api/auth/login', { email: user.email, password: 'wrong one' }, ip);
    for (let i = 0; i < 8; i += 1) expect((await wrong(`10.0.10.${i}`)).statusCode).toBe(401);
    clock.advance(minute);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => wrong(`10.0.11.${i}`)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([401, 429, 429, 429, 429, 429]);
    clock.advance(60 * minute);
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

  it("limits wrong passwords on a verify link per account, from any address, so the password cannot be guessed through it", async () => {
    const email = uniqueEmail('verify');
    const password = 'the real password';
    expect((await post('/api/auth/signup', { email, password }, '10.9.0.1')).statusCode).toBe(201);
    const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/auth/verify-email', { token, password: `guess ${i}` }, `10.9.1.${i}`)).statusCode).toBe(401);
    }
    expect429(await post('/api/auth/verify-email', { token, password }, '10.9.2.1'), 15);
    clock.advance(window + 1000);
    expect((await post('/api/auth/verify-email', { token, password }, '10.9.2.1')).statusCode).toBe(200);
  });
});
