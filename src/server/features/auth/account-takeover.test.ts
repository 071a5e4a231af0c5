import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  createTestApp,
  dbKinds,
  manualClock,
  readMailbox,
  signIn,
  tokenFromEmail,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app';
import { base32Decode, totp } from './totp';

const attackerPassword = 'attacker knows this one';
const ownerPassword = 'the real owner password';

/** Issue 19 §1: somebody signs up first with an address they do not own. */
describe.each(dbKinds)('account pre-registration on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock(new Date('2031-05-01T10:00:10Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, env: { ADMIN_EMAILS: 'owner-admin@example.test' } });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload?: object, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
  const login = (email: string, password: string, code?: string) => post('/api/auth/login', { email, password, code });
  const verify = (token: string, password: string) => post('/api/auth/verify-email', { token, password });
  const signup = async (email: string, password: string) => {
    expect((await post('/api/auth/signup', { email, password })).statusCode).toBe(201);
    return tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
  };
  const userRow = async (email: string) =>
    (
      await t.database.query<{ id: string; role: string; email_verified_at: unknown; totp_enabled_at: unknown; totp_secret: string | null }>(
        'select id, role, email_verified_at, totp_enabled_at, totp_secret from users where email = $1',
        [email],
      )
    )[0]!;
  const count = async (table: 'sessions' | 'recovery_codes', userId: string) =>
    (await t.database.query<{ n: number }>(`select count(*)::int as n from ${table} where user_id = $1`, [userId]))[0]!.n;

  it("keeps the owner's password when the owner signs up after somebody else; the earlier link stops working", async () => {
    const email = uniqueEmail('owner');
    const attackerLink = await signup(email, attackerPassword);
    const ownerLink = await signup(email, ownerPassword);

    const stale = await verify(attackerLink, attackerPassword);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('invalid_token');
    expect((await userRow(email)).email_verified_at).toBeNull();

    expect((await verify(ownerLink, ownerPassword)).statusCode).toBe(200);
    const refused = await login(email, attackerPassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('invalid_credentials');
    expect((await login(email, ownerPassword)).statusCode).toBe(200);
  });

  it("never lets a later sign-up's password ride on the owner's link", async () => {
    const email = uniqueEmail('owner');
    const ownerLink = await signup(email, ownerPassword);
    await signup(email, attackerPassword);

    const res = await verify(ownerLink, attackerPassword);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'invalid_token', message: 'This link is invalid or has expired' });
    expect((await userRow(email)).email_verified_at).toBeNull();
    expect((await login(email, attackerPassword)).json().error.code).toBe('email_not_verified');
  });

  /** Sessions, two-factor and recovery codes somebody may have left on the account before the address was proved. */
  async function plantPreVerificationState(id: string) {
    const now = clock.now().toISOString();
    const later = new Date(clock.now().getTime() + 86_400_000).toISOString();
    await t.database.query(
      `insert into sessions (id, user_id, token_hash, created_at, rotated_at, last_seen_at, expires_at) values ($1, $2, $3, $4, $4, $4, $5)`,
      [crypto.randomUUID(), id, `attacker-${crypto.randomUUID()}`, now, later],
    );
    await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = $2 where id = $1", [id, now]);
    await t.database.query(`insert into recovery_codes (id, user_id, code_hash, created_at) values ($1, $2, 'h', $3)`, [crypto.randomUUID(), id, now]);
  }

  const wrongPassword = {
    code: 'wrong_password',
    message:
      'That is not the password this account was signed up with. If you signed up more than once, use the password from your latest sign-up, or sign up again to get a new link.',
  };

  it("(a) a stranger signs up after the owner: the owner's click on the newest link cannot verify the stranger's password", async () => {
    const email = uniqueEmail('owner');
    await signup(email, ownerPassword);
    const attackerLink = await signup(email, attackerPassword);

    // The owner opens the newest email and types their own password.
    const refused = await verify(attackerLink, ownerPassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual(wrongPassword);
    expect((await userRow(email)).email_verified_at).toBeNull();
    expect((await login(email, attackerPassword)).json().error.code).toBe('email_not_verified');

    // Signing up again replaces the stranger's password and sends a link for the owner's.
    const ownerLink = await signup(email, ownerPassword);
    const verified = await verify(ownerLink, ownerPassword);
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.email).toBe(email);
    expect((await login(email, attackerPassword)).json().error.code).toBe('invalid_credentials');
    expect((await verify(attackerLink, attackerPassword)).json().error.code).toBe('invalid_token');
  });

  it("(b) the owner never signed up: an unrequested link does not verify the stranger's password; signing up again hands the owner a clean account", async () => {
    const email = uniqueEmail('owner');
    const attackerLink = await signup(email, attackerPassword);
    const { id } = await userRow(email);
    await plantPreVerificationState(id);

    const refused = await verify(attackerLink, ownerPassword);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toEqual(wrongPassword);
    expect((await userRow(email)).email_verified_at).toBeNull();

    const ownerLink = await signup(email, ownerPassword);
    const verified = await verify(ownerLink, ownerPassword);
    expect(verified.statusCode).toBe(200);
    const cookie = verified.cookies.find((c) => c.name === 'sp_session');
    expect(cookie?.value).toBeTruthy();

    const row = await userRow(email);
    expect(row.email_verified_at).not.toBeNull();
    expect(row).toMatchObject({ totp_enabled_at: null, totp_secret: null });
    // The stranger's session is gone; the one left is the owner's, just opened.
    expect(await count('sessions', id)).toBe(1);
    expect(await count('recovery_codes', id)).toBe(0);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: `sp_session=${cookie!.value}` } });
    expect(me.json().user).toMatchObject({ email, twoFactorEnabled: false });
    expect((await login(email, attackerPassword)).json().error.code).toBe('invalid_credentials');
    expect((await login(email, ownerPassword)).statusCode).toBe(200);
  });

  it('keeps the link open after a wrong password, so the right one still verifies', async () => {
    const email = uniqueEmail('owner');
    const link = await signup(email, ownerPassword);
    expect((await verify(link, attackerPassword)).statusCode).toBe(401);
    expect((await verify(link, ownerPassword)).statusCode).toBe(200);
  });

  it('refuses a verify link that is bound to no password (issued before links were bound)', async () => {
    const email = uniqueEmail('legacy');
    const link = await signup(email, ownerPassword);
    await t.database.query("update email_tokens set password_fingerprint = null where kind = 'verify'");
    expect((await verify(link, ownerPassword)).json().error.code).toBe('invalid_token');
    expect((await userRow(email)).email_verified_at).toBeNull();
  });

  it('ends every session and clears two-factor and recovery codes at the first verification', async () => {
    const email = uniqueEmail('owner');
    const link = await signup(email, ownerPassword);
    const { id } = await userRow(email);
    // What somebody may have left on the account before the address was proved.
    const now = clock.now().toISOString();
    const later = new Date(clock.now().getTime() + 86_400_000).toISOString();
    await t.database.query(
      `insert into sessions (id, user_id, token_hash, created_at, rotated_at, last_seen_at, expires_at) values ($1, $2, 'pre-verification', $3, $3, $3, $4)`,
      [crypto.randomUUID(), id, now, later],
    );
    await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = $2 where id = $1", [id, now]);
    await t.database.query(`insert into recovery_codes (id, user_id, code_hash, created_at) values ($1, $2, 'h', $3)`, [crypto.randomUUID(), id, now]);

    expect((await verify(link, ownerPassword)).statusCode).toBe(200);
    const row = await userRow(email);
    expect(row.email_verified_at).not.toBeNull();
    expect(row).toMatchObject({ totp_enabled_at: null, totp_secret: null });
    // Only the verifier's new session is left.
    expect(await count('sessions', id)).toBe(1);
    expect(await count('recovery_codes', id)).toBe(0);
    // Signing in needs no code now: the two-factor set up before verification is gone.
    expect((await login(email, ownerPassword)).statusCode).toBe(200);
  });

  it('gives the ADMIN_EMAILS role only once the address is verified', async () => {
    const email = 'owner-admin@example.test';
    const link = await signup(email, ownerPassword);
    expect((await userRow(email)).role).toBe('customer');
    expect((await verify(link, attackerPassword)).statusCode).toBe(401);
    expect((await userRow(email)).role).toBe('customer');
    expect((await verify(link, ownerPassword)).statusCode).toBe(200);
    expect((await userRow(email)).role).toBe('admin');
  });

  it("verifies an unverified account through a reset link with the resetter's password, clearing earlier two-factor", async () => {
    const email = uniqueEmail('owner');
    await signup(email, attackerPassword);
    const { id } = await userRow(email);
    await t.database.query("update users set totp_secret = 'JBSWY3DPEHPK3PXP', totp_enabled_at = now() where id = $1", [id]);
    expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(200);
    const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/reset-password');
    expect((await post('/api/auth/password-reset/confirm', { token, password: ownerPassword })).statusCode).toBe(200);
    expect(await userRow(email)).toMatchObject({ totp_enabled_at: null, totp_secret: null });
    expect((await login(email, attackerPassword)).statusCode).toBe(401);
    expect((await login(email, ownerPassword)).statusCode).toBe(200);
  });

  describe('a password reset with two-factor on', () => {
    const codeNow = (secret: string) => totp(base32Decode(secret), clock.now());

    async function enrolled() {
      const user = await createSignedInUser(t);
      const { secret } = (await post('/api/account/2fa/setup', undefined, user.cookie)).json();
      const enabled = await post('/api/account/2fa/enable', { code: codeNow(secret) }, user.cookie);
      expect(enabled.statusCode).toBe(200);
      clock.advance(30_000);
      return { ...user, secret: secret as string, recoveryCodes: enabled.json().recoveryCodes as string[] };
    }
    async function resetLink(email: string) {
      expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(200);
      return tokenFromEmail((await readMailbox(t, email))[0], '/auth/reset-password');
    }

    it('asks for the code first, and keeps the link and the password until it is given', async () => {
      const user = await enrolled();
      const token = await resetLink(user.email);
      const asked = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password' });
      expect(asked.statusCode).toBe(401);
      expect(asked.json().error.code).toBe('two_factor_required');
      expect((await login(user.email, user.password, codeNow(user.secret))).statusCode).toBe(200);
      clock.advance(30_000);

      const done = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password', code: codeNow(user.secret) });
      expect(done.statusCode).toBe(200);
      clock.advance(30_000);
      // Two-factor stays on: the new password alone does not sign in.
      expect((await login(user.email, 'a brand new password')).json().error.code).toBe('two_factor_required');
      expect((await login(user.email, 'a brand new password', codeNow(user.secret))).statusCode).toBe(200);
    });

    it('uses up the link on a wrong code, changing nothing', async () => {
      const user = await enrolled();
      const token = await resetLink(user.email);
      const wrong = codeNow(user.secret) === '000000' ? '111111' : '000000';
      const res = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password', code: wrong });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('invalid_two_factor_code');
      const after = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password', code: codeNow(user.secret) });
      expect(after.json().error.code).toBe('invalid_token');
      expect((await login(user.email, user.password, codeNow(user.secret))).statusCode).toBe(200);
    });

    it('accepts a recovery code', async () => {
      const user = await enrolled();
      const token = await resetLink(user.email);
      const res = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password', code: user.recoveryCodes[0] });
      expect(res.statusCode).toBe(200);
      expect((await signIn(t, { email: user.email, password: 'a brand new password' }, codeNow(user.secret)))).toMatch(/^sp_session=/);
    });
  });
});
