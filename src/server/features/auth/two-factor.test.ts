import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  readMailbox,
  type TestContext,
} from '../../test/test-app';
import { base32Decode, totp } from './totp';

describe.each(dbKinds)('two-factor sign-in on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2031-03-01T09:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const codeNow = (secret: string, offsetMs = 0) => totp(base32Decode(secret), new Date(clock.now().getTime() + offsetMs));

  async function enrol() {
    const user = await createSignedInUser(t);
    const setup = await post('/api/account/2fa/setup', undefined, user.cookie);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const enable = await post('/api/account/2fa/enable', { code: codeNow(secret) }, user.cookie);
    expect(enable.statusCode).toBe(200);
    clock.advance(30_000); // the enrolment code's step is spent; sign-ins use the next one
    return { ...user, secret, recoveryCodes: enable.json().recoveryCodes as string[] };
  }

  it('needs a signed-in user', async () => {
    for (const path of ['setup', 'enable', 'disable']) {
      const res = await post(`/api/account/2fa/${path}`, {});
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });

  it('sets up with a base32 secret, an otpauth URL and an SVG QR code', async () => {
    const user = await createSignedInUser(t);
    const res = await post('/api/account/2fa/setup', undefined, user.cookie);
    const body = res.json();
    expect(body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.otpauthUrl).toBe(
      `otpauth://totp/Spawnpoint%3A${encodeURIComponent(user.email)}?secret=${body.secret}&issuer=Spawnpoint&algorithm=SHA1&digits=6&period=30`,
    );
    expect(body.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });

  it('refuses a wrong confirmation code and keeps two-factor off', async () => {
    const user = await createSignedInUser(t);
    const { secret } = (await post('/api/account/2fa/setup', undefined, user.cookie)).json();
    const wrong = String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(6, '0');
    const res = await post('/api/account/2fa/enable', { code: wrong }, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_two_factor_code');
    expect(res.json().error.fields).toHaveProperty('code');
    expect((await post('/api/account/2fa/enable', { code: '12' }, user.cookie)).statusCode).toBe(400);
    expect((await post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it('enables with a code and answers ten recovery codes, stored hashed', async () => {
    const user = await enrol();
    expect(user.recoveryCodes).toHaveLength(10);
    expect(new Set(user.recoveryCodes).size).toBe(10);
    const rows = await t.database.query<{ code_hash: string }>(
      'select code_hash from recovery_codes rc join users u on u.id = rc.user_id where u.email = $1',
      [user.email],
    );
    expect(rows).toHaveLength(10);
    expect(rows.map((r) => r.code_hash)).not.toContain(user.recoveryCodes[0]);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: user.cookie } });
    expect(session.json().user.twoFactorEnabled).toBe(true);
    expect((await readMailbox(t, user.email))[0]?.subject).toBe('Two-factor sign-in is on for your Spawnpoint account');
    expect((await post('/api/account/2fa/setup', undefined, user.cookie)).statusCode).toBe(409);
  });

  it('asks for the code after the password, and accepts a current one once', async () => {
    const user = await enrol();
    const credentials = { email: user.email, password: user.password };
    const needed = await post('/api/auth/login', credentials);
    expect(needed.statusCode).toBe(401);
    expect(needed.json().error).toEqual({ code: 'two_factor_required', message: 'Enter the 6-digit code from your authenticator app' });
    expect(needed.headers['set-cookie']).toBeUndefined();

    const wrongPassword = await post('/api/auth/login', { email: user.email, password: 'not the password' });
    expect(wrongPassword.json().error.code).toBe('invalid_credentials');

    const bad = await post('/api/auth/login', { ...credentials, code: '000000' === codeNow(user.secret) ? '111111' : '000000' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().error.code).toBe('invalid_two_factor_code');

    const code = codeNow(user.secret);
    const ok = await post('/api/auth/login', { ...credentials, code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.twoFactorEnabled).toBe(true);

    const replay = await post('/api/auth/login', { ...credentials, code });
    expect(replay.json().error.code).toBe('invalid_two_factor_code');

    clock.advance(30_000);
    expect((await post('/api/auth/login', { ...credentials, code: codeNow(user.secret, -30_000) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { ...credentials, code: codeNow(user.secret) })).statusCode).toBe(200);
  });

  it('accepts a code from the next step (clock drift) but not two steps away', async () => {
    const user = await enrol();
    const credentials = { email: user.email, password: user.password };
    expect((await post('/api/auth/login', { ...credentials, code: codeNow(user.secret, 60_000) })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { ...credentials, code: codeNow(user.secret, 30_000) })).statusCode).toBe(200);
  });

  it('accepts each recovery code once, in any case and spacing', async () => {
    const user = await enrol();
    const credentials = { email: user.email, password: user.password };
    const [first = '', second = ''] = user.recoveryCodes;
    expect(first).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await post('/api/auth/login', { ...credentials, code: first })).statusCode).toBe(200);
    expect((await post('/api/auth/login', { ...credentials, code: first })).json().error.code).toBe('invalid_two_factor_code');
    expect((await post('/api/auth/login', { ...credentials, code: ` ${second.toUpperCase().replace('-', ' ')} ` })).statusCode).toBe(200);
  });

  it('disables with the password and a current code', async () => {
    const user = await enrol();
    const wrong = await post('/api/account/2fa/disable', { password: 'not it at all', code: codeNow(user.secret) }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid_password', fields: { password: 'Your password is incorrect' } });

    const res = await post('/api/account/2fa/disable', { password: user.password, code: codeNow(user.secret) }, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const login = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.twoFactorEnabled).toBe(false);
    const [row] = await t.database.query<{ count: number }>(
      'select count(*)::int as count from recovery_codes rc join users u on u.id = rc.user_id where u.email = $1',
      [user.email],
    );
    expect(row?.count).toBe(0);
  });
});
