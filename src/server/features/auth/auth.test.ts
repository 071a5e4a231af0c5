import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  dbKinds,
  manualClock,
  readMailbox,
  sessionCookie,
  signIn,
  tokenFromEmail,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app';

const password = 'long enough password';

describe.each(dbKinds)('auth API on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });

  async function signUpAndVerify(email = uniqueEmail()) {
    expect((await post('/api/auth/signup', { email, password })).statusCode).toBe(201);
    const [mail] = await readMailbox(t, email);
    expect((await post('/api/auth/verify-email', { token: tokenFromEmail(mail, '/auth/verify'), password })).statusCode).toBe(200);
    return email;
  }

  describe('POST /api/auth/signup', () => {
    it('creates the account with an argon2id hash and emails a verification link', async () => {
      const email = uniqueEmail();
      const res = await post('/api/auth/signup', { email: `  ${email.toUpperCase()} `, password });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true });
      const [row] = await t.database.query<{ password_hash: string; referral_code: string; role: string }>(
        'select password_hash, referral_code, role from users where email = $1',
        [email],
      );
      expect(row?.password_hash).toMatch(/^\$argon2id\$/);
      expect(row?.referral_code).toMatch(/^[A-Z0-9]{8}$/);
      expect(row?.role).toBe('customer');
      const [mail] = await readMailbox(t, email);
      expect(mail?.subject).toBe('Verify your email for Spawnpoint');
      expect(mail?.text).toContain(`${t.config.PUBLIC_URL}/auth/verify?token=`);
      expect(mail?.html).toContain('Spawnpoint');
    });

    it('rejects a short password with a clear message', async () => {
      const res = await post('/api/auth/signup', { email: uniqueEmail(), password: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.password).toBe('Password must be at least 8 characters');
    });

    it.each([
      [{ password }, 'email'],
      [{ email: 'not-an-email', password }, 'email'],
      [{ email: 'a@b.test' }, 'password'],
    ])('rejects %j naming the field', async (payload, field) => {
      const res = await post('/api/auth/signup', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    });

    it('answers an existing email exactly like a new one, and warns its owner', async () => {
      const owner = await createUser(t);
      const fresh = await post('/api/auth/signup', { email: uniqueEmail(), password });
      const taken = await post('/api/auth/signup', { email: owner.email, password });
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body).toBe(fresh.body);
      expect(taken.headers['set-cookie']).toBeUndefined();
      const mails = await readMailbox(t, owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Someone tried to sign up for Spawnpoint with your email');
      const [row] = await t.database.query<{ count: number }>('select count(*)::int as count from users where email = $1', [owner.email]);
      expect(row?.count).toBe(1);
      // The owner's password is untouched.
      expect((await post('/api/auth/login', owner)).statusCode).toBe(200);
    });

    it('sends a fresh verification link when the existing account is not verified yet', async () => {
      const owner = await createUser(t, { verified: false });
      await post('/api/auth/signup', { email: owner.email, password });
      const [mail] = await readMailbox(t, owner.email);
      expect(mail?.subject).toBe('Verify your email for Spawnpoint');
    });

    it('records the referrer from the ref field or the sp_ref cookie, ignoring unknown codes', async () => {
      const referrer = await createUser(t);
      const [{ referral_code: code } = { referral_code: '' }] = await t.database.query<{ referral_code: string }>(
        'select referral_code from users where id = $1',
        [referrer.id],
      );
      const viaBody = uniqueEmail();
      const viaCookie = uniqueEmail();
      const unknown = uniqueEmail();
      await post('/api/auth/signup', { email: viaBody, password, ref: code.toLowerCase() });
      await post('/api/auth/signup', { email: viaCookie, password }, { cookie: `sp_ref=${code}` });
      await post('/api/auth/signup', { email: unknown, password, ref: 'NOPE1234' });
      const rows = await t.database.query<{ email: string; referred_by_user_id: string | null }>(
        'select email, referred_by_user_id from users where email = any($1)',
        [[viaBody, viaCookie, unknown]],
      );
      const by = Object.fromEntries(rows.map((r) => [r.email, r.referred_by_user_id]));
      expect(by).toEqual({ [viaBody]: referrer.id, [viaCookie]: referrer.id, [unknown]: null });
    });
  });

  describe('email verification', () => {
    it('verifies once with the password, signing the verifier in; the link then stops working', async () => {
      const email = uniqueEmail();
      await post('/api/auth/signup', { email, password });
      const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
      expect((await post('/api/auth/login', { email, password })).json().error.code).toBe('email_not_verified');
      const verified = await post('/api/auth/verify-email', { token, password });
      expect(verified.statusCode).toBe(200);
      expect(verified.json().user).toMatchObject({ email, role: 'customer', twoFactorEnabled: false, secondFactorPresented: false });
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: sessionCookie(verified) } });
      expect(session.json().user.email).toBe(email);
      expect((await post('/api/auth/login', { email, password })).statusCode).toBe(200);
      const again = await post('/api/auth/verify-email', { token, password });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toMatchObject({ code: 'invalid_token', message: 'This link is invalid or has expired' });
    });

    it('refuses a wrong password with a clear message, keeping the link for the right one', async () => {
      const email = uniqueEmail();
      await post('/api/auth/signup', { email, password });
      const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
      const wrong = await post('/api/auth/verify-email', { token, password: 'not the password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toEqual({
        code: 'wrong_password',
        message:
          'That is not the password this account was signed up with. If you signed up more than once, use the password from your latest sign-up, or sign up again to get a new link.',
      });
      expect(wrong.cookies.find((c) => c.name === 'sp_session')).toBeUndefined();
      expect((await post('/api/auth/login', { email, password })).json().error.code).toBe('email_not_verified');
      expect((await post('/api/auth/verify-email', { token, password })).statusCode).toBe(200);
    });

    it('asks for the password', async () => {
      const email = uniqueEmail();
      await post('/api/auth/signup', { email, password });
      const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
      const res = await post('/api/auth/verify-email', { token });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.password).toBe('Password is required');
      expect((await post('/api/auth/verify-email', { token, password })).statusCode).toBe(200);
    });

    it('expires after 24 hours', async () => {
      const email = uniqueEmail();
      await post('/api/auth/signup', { email, password });
      const token = tokenFromEmail((await readMailbox(t, email))[0], '/auth/verify');
      clock.advance(24 * 60 * 60_000 + 1000);
      expect((await post('/api/auth/verify-email', { token, password })).json().error.code).toBe('invalid_token');
    });

    it('rejects an unknown token', async () => {
      const res = await post('/api/auth/verify-email', { token: 'made-up', password });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_token');
    });

    it('resends only to an unverified account, answering the same for every address', async () => {
      const unverified = await createUser(t, { verified: false });
      const verified = await createUser(t);
      const answers = await Promise.all(
        [unverified.email, verified.email, uniqueEmail()].map((email) => post('/api/auth/resend-verification', { email })),
      );
      for (const res of answers) {
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
      expect(await readMailbox(t, unverified.email)).toHaveLength(1);
      expect(await readMailbox(t, verified.email)).toHaveLength(0);
      const token = tokenFromEmail((await readMailbox(t, unverified.email))[0], '/auth/verify');
      expect((await post('/api/auth/verify-email', { token, password: unverified.password })).statusCode).toBe(200);
    });
  });

  describe('POST /api/auth/login', () => {
    it('signs in a verified user and answers the session user', async () => {
      const email = await signUpAndVerify();
      const res = await post('/api/auth/login', { email: email.toUpperCase(), password });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ email, firstName: '', lastName: '', role: 'customer', twoFactorEnabled: false });
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: sessionCookie(res) } });
      expect(session.json().user.email).toBe(email);
    });

    it('answers the same 401 for a wrong password and an unknown email', async () => {
      const user = await createUser(t);
      const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong password' });
      const unknown = await post('/api/auth/login', { email: uniqueEmail(), password: 'wrong password' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
      expect(wrong.json().error).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password' });
    });

    it('refuses an unverified account with a message that says to verify', async () => {
      const user = await createUser(t, { verified: false });
      const res = await post('/api/auth/login', user);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('email_not_verified');
      expect(res.json().error.message).toMatch(/verify your email/i);
      expect(res.json().error.message).toMatch(/new one/i);
    });

    it('validates the body', async () => {
      const res = await post('/api/auth/login', { email: 'x' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().error.fields).sort()).toEqual(['email', 'password']);
    });
  });

  describe('GET /api/auth/session', () => {
    it('answers 200 with user null when signed out or with a bad cookie', async () => {
      for (const headers of [{}, { cookie: 'sp_session=nonsense' }]) {
        const res = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ user: null, viewAs: null });
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });

  describe('POST /api/auth/logout', () => {
    it('local ends only this session; global ends every session of the user', async () => {
      const user = await createUser(t);
      const first = await signIn(t, user);
      const second = await signIn(t, user);
      const me = (cookie: string) =>
        t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } }).then((r) => r.json().user);

      const local = await post('/api/auth/logout', { scope: 'local' }, { cookie: first });
      expect(local.json()).toEqual({ ok: true });
      expect(local.cookies.find((c) => c.name === 'sp_session')?.value).toBe('');
      expect(await me(first)).toBeNull();
      expect((await me(second))?.email).toBe(user.email);

      const third = await signIn(t, user);
      await post('/api/auth/logout', { scope: 'global' }, { cookie: second });
      expect(await me(second)).toBeNull();
      expect(await me(third)).toBeNull();
    });

    it('answers ok when already signed out, and rejects an unknown scope', async () => {
      expect((await post('/api/auth/logout', { scope: 'local' })).json()).toEqual({ ok: true });
      const noBody = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
      expect(noBody.statusCode).toBe(200);
      expect((await post('/api/auth/logout', { scope: 'everywhere' })).statusCode).toBe(400);
    });
  });
});
