import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  dbKinds,
  manualClock,
  readMailbox,
  signIn,
  tokenFromEmail,
  uniqueEmail,
  type TestContext,
} from '../../test/test-app';

describe.each(dbKinds)('password reset on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
  const whoami = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } }).then((r) => r.json().user);

  async function requestReset(email: string) {
    expect((await post('/api/auth/password-reset', { email })).statusCode).toBe(200);
    const [mail] = await readMailbox(t, email);
    expect(mail?.subject).toBe('Reset your Spawnpoint password');
    return tokenFromEmail(mail, '/auth/reset-password');
  }

  it('answers identically for an existing and an unknown address, emailing only the owner', async () => {
    const user = await createUser(t);
    const unknown = uniqueEmail();
    const a = await post('/api/auth/password-reset', { email: user.email });
    const b = await post('/api/auth/password-reset', { email: unknown });
    expect(a.statusCode).toBe(200);
    expect(a.body).toBe(b.body);
    expect(a.json()).toEqual({ ok: true });
    expect(await readMailbox(t, user.email)).toHaveLength(1);
    expect(await readMailbox(t, unknown)).toHaveLength(0);
    expect((await readMailbox(t, user.email))[0]?.text).toContain(`${t.config.PUBLIC_URL}/auth/reset-password?token=`);
  });

  it('sets the new password, signs out every session, and works only once', async () => {
    const user = await createUser(t);
    const sessions = [await signIn(t, user), await signIn(t, user)];
    const token = await requestReset(user.email);
    const res = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const cookie of sessions) expect(await whoami(cookie)).toBeNull();

    expect((await post('/api/auth/login', user)).json().error.code).toBe('invalid_credentials');
    expect((await post('/api/auth/login', { email: user.email, password: 'a brand new password' })).statusCode).toBe(200);

    const again = await post('/api/auth/password-reset/confirm', { token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'invalid_token', message: 'This link is invalid or has expired' });
    expect((await readMailbox(t, user.email))[0]?.subject).toBe('Your Spawnpoint password was changed');
  });

  it('expires after one hour', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    clock.advance(60 * 60_000 + 1000);
    const res = await post('/api/auth/password-reset/confirm', { token, password: 'a brand new password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_token');
    expect((await post('/api/auth/login', user)).statusCode).toBe(200);
  });

  it('voids an earlier link when a new one is sent', async () => {
    const user = await createUser(t);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect((await post('/api/auth/password-reset/confirm', { token: first, password: 'another password' })).statusCode).toBe(400);
    expect((await post('/api/auth/password-reset/confirm', { token: second, password: 'another password' })).statusCode).toBe(200);
  });

  it('checks the new password length and the token', async () => {
    const user = await createUser(t);
    const token = await requestReset(user.email);
    const short = await post('/api/auth/password-reset/confirm', { token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.password).toBe('Password must be at least 8 characters');
    const bogus = await post('/api/auth/password-reset/confirm', { token: 'bogus', password: 'long enough pass' });
    expect(bogus.json().error.code).toBe('invalid_token');
    // The short attempt did not use the link up.
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'long enough pass' })).statusCode).toBe(200);
  });

  it('verifies the address of an unverified account, since the link proved it', async () => {
    const user = await createUser(t, { verified: false });
    const token = await requestReset(user.email);
    await post('/api/auth/password-reset/confirm', { token, password: 'long enough pass' });
    expect((await post('/api/auth/login', { email: user.email, password: 'long enough pass' })).statusCode).toBe(200);
  });
});
