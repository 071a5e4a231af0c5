import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, dbKinds, readMailbox, signIn, type TestContext } from '../../test/test-app';

describe.each(dbKinds)('account security on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const whoami = (cookie: string) => call('GET', '/api/auth/session', cookie).then((r) => r.json().user);

  describe('POST /api/account/password', () => {
    it('refuses a wrong current password with fields.currentPassword', async () => {
      const user = await createSignedInUser(t);
      const res = await call('POST', '/api/account/password', user.cookie, { currentPassword: 'nope nope', newPassword: 'new password 1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_password', fields: { currentPassword: 'Your current password is incorrect' } });
    });

    it('checks the new password length', async () => {
      const user = await createSignedInUser(t);
      const res = await call('POST', '/api/account/password', user.cookie, { currentPassword: user.password, newPassword: 'short' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.newPassword).toBe('Password must be at least 8 characters');
    });

    it('changes it, keeps this session and signs out the others', async () => {
      const user = await createSignedInUser(t);
      const other = await signIn(t, user);
      const res = await call('POST', '/api/account/password', user.cookie, { currentPassword: user.password, newPassword: 'new password 1' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await whoami(user.cookie))?.id).toBe(user.id);
      expect(await whoami(other)).toBeNull();
      expect((await call('POST', '/api/auth/login', undefined, user)).statusCode).toBe(401);
      expect((await call('POST', '/api/auth/login', undefined, { email: user.email, password: 'new password 1' })).statusCode).toBe(200);
      expect((await readMailbox(t, user.email))[0]?.subject).toBe('Your Spawnpoint password was changed');
    });
  });

  describe('sessions', () => {
    it('lists active sessions, marking the current one', async () => {
      const user = await createSignedInUser(t);
      await signIn(t, user);
      const res = await call('GET', '/api/account/sessions', user.cookie);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: string; current: boolean; ip: string; createdAt: string; lastSeenAt: string }[];
      expect(list).toHaveLength(2);
      expect(list.filter((s) => s.current)).toHaveLength(1);
      expect(list[0]).toEqual({
        id: expect.any(String),
        createdAt: expect.any(String),
        lastSeenAt: expect.any(String),
        userAgent: 'lightMyRequest',
        ip: '127.0.0.1',
        current: expect.any(Boolean),
      });
    });

    it("deletes one of the user's own sessions", async () => {
      const user = await createSignedInUser(t);
      const other = await signIn(t, user);
      const list = (await call('GET', '/api/account/sessions', user.cookie)).json() as { id: string; current: boolean }[];
      const target = list.find((s) => !s.current);
      const res = await call('DELETE', `/api/account/sessions/${target?.id}`, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(await whoami(other)).toBeNull();
      expect((await whoami(user.cookie))?.id).toBe(user.id);
    });

    it('deleting the current session signs this browser out', async () => {
      const user = await createSignedInUser(t);
      const [current] = ((await call('GET', '/api/account/sessions', user.cookie)).json() as { id: string }[]);
      const res = await call('DELETE', `/api/account/sessions/${current?.id}`, user.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'sp_session')?.value).toBe('');
      expect(await whoami(user.cookie)).toBeNull();
    });

    it("answers 404 for another user's session or an unknown id", async () => {
      const alice = await createSignedInUser(t);
      const bob = await createSignedInUser(t);
      const [bobs] = (await call('GET', '/api/account/sessions', bob.cookie)).json() as { id: string }[];
      for (const id of [bobs?.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const res = await call('DELETE', `/api/account/sessions/${id}`, alice.cookie);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not_found');
      }
      expect((await whoami(bob.cookie))?.id).toBe(bob.id);
      expect((await call('DELETE', `/api/account/sessions/${bobs?.id}`)).statusCode).toBe(401);
    });
  });
});
