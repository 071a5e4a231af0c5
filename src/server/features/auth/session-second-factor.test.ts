import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, manualClock, signIn, type TestContext } from '../../test/test-app';
import { base32Decode, totp } from './totp';

/** Issue 19 §2: the staff console needs a session that presented the second factor, not only an account that has one. */
describe.each(dbKinds)('two-factor belongs to the session on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2031-06-01T08:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const me = async (cookie: string) => (await call('GET', '/api/auth/session', cookie)).json().user;
  const adminRead = (cookie: string) => call('GET', '/api/admin/tickets', cookie);
  const codeNow = (secret: string) => totp(base32Decode(secret), clock.now());

  /** A staff account signed in without two-factor; `cookie` then turns it on (setup and a confirming code). */
  async function staffTurningOn(role: 'support' | 'admin' = 'support') {
    const user = await createSignedInUser(t, { role, twoFactor: false });
    const { secret } = (await call('POST', '/api/account/2fa/setup', user.cookie)).json();
    const enabled = await call('POST', '/api/account/2fa/enable', user.cookie, { code: codeNow(secret) });
    expect(enabled.statusCode).toBe(200);
    clock.advance(30_000);
    return { ...user, secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
  }

  it('refuses a password-only session of a staff account that has two-factor on, and changes nothing', async () => {
    const staff = await createSignedInUser(t, { role: 'support', twoFactor: false });
    // Two-factor turned on for the account after this session signed in, without this session giving a code.
    await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1", [staff.id]);
    expect(await me(staff.cookie)).toMatchObject({ twoFactorEnabled: true, secondFactorPresented: false });

    const refused = await adminRead(staff.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: 'two_factor_sign_in_required',
      message: 'This session was signed in without your two-factor code. Sign out, then sign in again with your code to use the staff console.',
    });
    const write = await call('POST', '/api/admin/staff/invitations', staff.cookie, { email: 'x@example.test', role: 'support' });
    expect(write.statusCode).toBe(403);
    const [row] = await t.database.query<{ n: number }>("select count(*)::int as n from staff_invitations where email = 'x@example.test'");
    expect(row?.n).toBe(0);
  });

  it('opens the console to the session that turned two-factor on, and signs out the account\'s other sessions', async () => {
    const user = await createSignedInUser(t, { role: 'support', twoFactor: false });
    const other = await signIn(t, user);
    const { secret } = (await call('POST', '/api/account/2fa/setup', user.cookie)).json();
    expect((await call('POST', '/api/account/2fa/enable', user.cookie, { code: codeNow(secret) })).statusCode).toBe(200);
    clock.advance(30_000);

    expect(await me(user.cookie)).toMatchObject({ twoFactorEnabled: true, secondFactorPresented: true });
    expect((await adminRead(user.cookie)).statusCode).toBe(200);
    expect(await me(other)).toBeNull();
  });

  it('opens the console to a session that signed in with the code, not to one without', async () => {
    const staff = await staffTurningOn();
    const login = await call('POST', '/api/auth/login', undefined, { email: staff.email, password: staff.password, code: codeNow(staff.secret) });
    expect(login.json().user).toMatchObject({ twoFactorEnabled: true, secondFactorPresented: true });
    const cookie = `sp_session=${login.cookies.find((c) => c.name === 'sp_session')!.value}`;
    expect((await adminRead(cookie)).statusCode).toBe(200);
  });

  describe('turning two-factor off', () => {
    it('needs a current code as well as the password', async () => {
      const user = await staffTurningOn();
      const noCode = await call('POST', '/api/account/2fa/disable', user.cookie, { password: user.password });
      expect(noCode.statusCode).toBe(400);
      expect(noCode.json().error.code).toBe('validation_failed');

      const wrong = codeNow(user.secret) === '000000' ? '111111' : '000000';
      const bad = await call('POST', '/api/account/2fa/disable', user.cookie, { password: user.password, code: wrong });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error).toMatchObject({ code: 'invalid_two_factor_code', fields: { code: expect.any(String) } });
      const badPassword = await call('POST', '/api/account/2fa/disable', user.cookie, { password: 'not the password', code: codeNow(user.secret) });
      expect(badPassword.json().error.code).toBe('invalid_password');
      expect(await me(user.cookie)).toMatchObject({ twoFactorEnabled: true, secondFactorPresented: true });

      const ok = await call('POST', '/api/account/2fa/disable', user.cookie, { password: user.password, code: codeNow(user.secret) });
      expect(ok.statusCode).toBe(200);
      expect(await me(user.cookie)).toMatchObject({ twoFactorEnabled: false, secondFactorPresented: false });
      expect((await adminRead(user.cookie)).json().error.code).toBe('two_factor_required');
    });

    it('accepts a recovery code', async () => {
      const user = await staffTurningOn();
      const res = await call('POST', '/api/account/2fa/disable', user.cookie, { password: user.password, code: user.recoveryCodes[0] });
      expect(res.statusCode).toBe(200);
      expect((await me(user.cookie)).twoFactorEnabled).toBe(false);
    });
  });

  it('lets only a session that presented the second factor view a customer', async () => {
    const support = await createSignedInUser(t, { role: 'support' });
    const customer = await createSignedInUser(t);
    const started = await call('POST', `/api/admin/customers/${customer.id}/view-as`, support.cookie, { reason: 'Checking their invoices' });
    expect(started.statusCode, started.body).toBe(200);
    const both = `${support.cookie}; sp_view_as=${started.cookies.find((c) => c.name === 'sp_view_as')!.value}`;
    expect((await call('GET', '/api/auth/session', both)).json().viewAs).toMatchObject({ customerId: customer.id });

    await t.database.query('update sessions set second_factor_at = null where user_id = $1', [support.id]);
    const session = (await call('GET', '/api/auth/session', both)).json();
    expect(session.viewAs).toBeNull();
    expect(session.user).toMatchObject({ id: support.id, secondFactorPresented: false });
  });

  it('signs a staff member out everywhere when an admin changes their role, keeping the admin\'s own session', async () => {
    const admin = await createSignedInUser(t, { role: 'admin' });
    const member = await createSignedInUser(t, { role: 'support' });
    expect((await adminRead(member.cookie)).statusCode).toBe(200);
    const res = await call('PATCH', `/api/admin/staff/${member.id}`, admin.cookie, { role: 'billing', reason: 'Moving to the billing team' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(member.cookie)).toBeNull();
    expect((await me(admin.cookie)).role).toBe('admin');
  });
});
