import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { createTestApp, createUser, dbKinds, markTwoFactorOn, readMailbox, signIn, tokenFromEmail, type TestContext } from '../../test/test-app';

describe('ADMIN_EMAILS', () => {
  it('is a trimmed, lower-cased list of addresses, empty by default', () => {
    expect(loadConfig({}).ADMIN_EMAILS).toEqual([]);
    expect(loadConfig({ ADMIN_EMAILS: ' Boss@Example.com, ops@example.com ,' }).ADMIN_EMAILS).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
    expect(() => loadConfig({ ADMIN_EMAILS: 'boss@example.com, not-an-email' })).toThrow(ConfigError);
  });
});

describe.each(dbKinds)('admin role from ADMIN_EMAILS on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ADMIN_EMAILS: 'boss@example.test,later@example.test' } });
  });
  afterAll(async () => t?.close());

  const session = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } })).json().user;

  it('gives the admin role to a listed address at sign-up, once verified', async () => {
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'Boss@Example.test', password: 'correct horse battery' },
    });
    expect(signup.statusCode).toBe(201);
    const token = tokenFromEmail((await readMailbox(t, 'boss@example.test'))[0], '/auth/verify');
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token, password: 'correct horse battery' } });
    const cookie = await signIn(t, { email: 'boss@example.test', password: 'correct horse battery' });
    const me = await session(cookie);
    expect(me.role).toBe('admin');
    await markTwoFactorOn(t, me.id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/tickets', headers: { cookie } })).statusCode).toBe(200);
  });

  it('promotes an existing listed account when it signs in, and no one else', async () => {
    const listed = await createUser(t, { email: 'later@example.test' });
    const other = await createUser(t);
    expect((await session(await signIn(t, listed))).role).toBe('admin');
    expect((await session(await signIn(t, other))).role).toBe('customer');
  });
});
