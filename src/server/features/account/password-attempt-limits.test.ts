import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, manualClock, markTwoFactorOn, type TestContext } from '../../test/test-app';
import { base32Decode, totp } from '../auth/totp';

const window = 15 * 60_000;
const rules = [
  { scope: 'account' as const, max: 3, windowMs: window },
  { scope: 'ip' as const, max: 5, windowMs: window },
];

/** Changing the password and turning two-factor off check the password like sign-in, so they are limited like it. */
describe.each(dbKinds)('password change and two-factor off are limited like sign-in on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, authLimits: { passwordChange: rules, twoFactorDisable: rules } });
  });
  afterAll(async () => t?.close());

  const post = (url: string, cookie: string, payload: object, ip: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip, headers: { cookie } });
  const signsIn = async (email: string, password: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })).statusCode === 200;

  function expectLimited(res: Awaited<ReturnType<typeof post>>) {
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  }

  it('counts wrong current passwords per account, then refuses even the right one and changes nothing', async () => {
    const user = await createSignedInUser(t);
    const change = (currentPassword: string, ip: string, newPassword = 'a brand new password') =>
      post('/api/account/password', user.cookie, { currentPassword, newPassword }, ip);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await change('not my password', `10.1.0.${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('invalid_password');
    }
    expectLimited(await change(user.password, '10.1.0.9'));
    expect(await signsIn(user.email, user.password)).toBe(true);

    clock.advance(window);
    expect((await change(user.password, '10.1.0.9')).statusCode).toBe(200);
    expect(await signsIn(user.email, 'a brand new password')).toBe(true);
    // The success forgave the account's count.
    for (let i = 0; i < 3; i += 1) expect((await change('not my password', `10.1.1.${i}`)).statusCode).toBe(400);
    expectLimited(await change('a brand new password', '10.1.1.9', 'yet another password'));
    clock.advance(window);
  });

  it('counts attempts per IP across accounts', async () => {
    const [a, b] = [await createSignedInUser(t), await createSignedInUser(t)];
    const ip = '10.1.2.1';
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/account/password', a.cookie, { currentPassword: 'wrong wrong', newPassword: 'another long one' }, ip)).statusCode).toBe(400);
    }
    for (let i = 0; i < 2; i += 1) {
      expect((await post('/api/account/password', b.cookie, { currentPassword: 'wrong wrong', newPassword: 'another long one' }, ip)).statusCode).toBe(400);
    }
    expectLimited(await post('/api/account/password', b.cookie, { currentPassword: b.password, newPassword: 'another long one' }, ip));
    expect(await signsIn(b.email, b.password)).toBe(true);
    clock.advance(window);
  });

  it('counts wrong passwords and codes on turning two-factor off, and keeps it on while limited', async () => {
    const user = await createSignedInUser(t);
    await markTwoFactorOn(t, user.id);
    const code = () => totp(base32Decode('JBSWY3DPEHPK3PXP'), clock.now());
    const disable = (password: string, ip: string) => post('/api/account/2fa/disable', user.cookie, { password, code: code() }, ip);
    const enabled = async () =>
      (await t.database.query<{ on: boolean }>('select totp_enabled_at is not null as on from users where id = $1', [user.id]))[0]!.on;

    for (let i = 0; i < 3; i += 1) {
      const wrong = await disable('not my password', `10.1.3.${i}`);
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.code).toBe('invalid_password');
    }
    expectLimited(await disable(user.password, '10.1.3.9'));
    expect(await enabled()).toBe(true);

    clock.advance(window);
    const res = await disable(user.password, '10.1.3.9');
    expect(res.statusCode, res.body).toBe(200);
    expect(await enabled()).toBe(false);
  });
});
