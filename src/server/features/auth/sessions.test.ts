import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dbKinds, manualClock, sessionCookie, signIn, type TestContext } from '../../test/test-app';
import { sessionPolicy } from './sessions';

const minute = 60_000;

describe.each(dbKinds)('sessions on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  const whoami = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

  it('sets an HttpOnly, SameSite=Lax cookie on Path=/, not Secure outside production', async () => {
    const user = await createUser(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^sp_session=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Secure/);
    const cookie = res.cookies.find((c) => c.name === 'sp_session');
    expect(cookie?.expires?.getTime()).toBe(clock.now().getTime() + sessionPolicy.absoluteMs);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(t);
    const cookie = await signIn(t, user);
    const token = cookie.split('=')[1];
    const rows = await t.database.query<{ token_hash: string }>('select token_hash from sessions where user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.token_hash).not.toContain(token);
  });

  it('slides the idle lifetime with activity, and ends after 30 idle minutes', async () => {
    const user = await createUser(t);
    let cookie = await signIn(t, user);
    for (let i = 0; i < 4; i += 1) {
      clock.advance(sessionPolicy.idleMs - minute);
      const res = await whoami(cookie);
      expect(res.json().user?.id).toBe(user.id);
      if (res.cookies.length) cookie = sessionCookie(res);
    }
    clock.advance(sessionPolicy.idleMs + 1000);
    expect((await whoami(cookie)).json().user).toBeNull();
  });

  it('rotates a token older than 5 minutes, keeping the old one valid for a 60 s grace', async () => {
    const user = await createUser(t);
    const original = await signIn(t, user);

    clock.advance(4 * minute);
    const early = await whoami(original);
    expect(early.headers['set-cookie']).toBeUndefined();

    clock.advance(minute + 1000);
    const rotated = await whoami(original);
    expect(rotated.json().user.id).toBe(user.id);
    const next = sessionCookie(rotated);
    expect(next).not.toBe(original);
    expect(String(rotated.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);

    // A parallel request still carrying the old cookie is served, without another rotation.
    clock.advance(30_000);
    const parallel = await whoami(original);
    expect(parallel.json().user.id).toBe(user.id);
    expect(parallel.headers['set-cookie']).toBeUndefined();

    clock.advance(31_000);
    expect((await whoami(original)).json().user).toBeNull();
    expect((await whoami(next)).json().user.id).toBe(user.id);
    const [row] = await t.database.query<{ count: number }>('select count(*)::int as count from sessions where user_id = $1', [user.id]);
    expect(row?.count).toBe(1);
  });

  it('ends after 30 days however active', async () => {
    const user = await createUser(t);
    const cookie = await signIn(t, user);
    const end = clock.now().getTime() + sessionPolicy.absoluteMs;
    // Stand in for a month of steady activity: the session was last seen a minute ago.
    const activeAt = async (at: number) => {
      clock.set(new Date(at));
      await t.database.query('update sessions set last_seen_at = $1, rotated_at = $1 where user_id = $2', [
        new Date(at - minute).toISOString(),
        user.id,
      ]);
      return (await whoami(cookie)).json().user;
    };
    expect((await activeAt(end - minute))?.id).toBe(user.id);
    expect(await activeAt(end + 1000)).toBeNull();
  });

  it('replaces the session the browser came with on a new sign-in', async () => {
    const user = await createUser(t);
    const first = await signIn(t, user);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: user, headers: { cookie: first } });
    expect(res.statusCode).toBe(200);
    expect((await whoami(first)).json().user).toBeNull();
    expect((await whoami(sessionCookie(res))).json().user.id).toBe(user.id);
  });
});

describe.each(dbKinds)('session cookie in production on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.test' } });
  });
  afterAll(async () => t?.close());

  it('is Secure, and cleared with the same flags on logout', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
    expect(String(login.headers['set-cookie'])).toMatch(/; HttpOnly; Secure; SameSite=Lax|; Secure/);
    expect(login.cookies.find((c) => c.name === 'sp_session')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      payload: { scope: 'local' },
      headers: { cookie: sessionCookie(login) },
    });
    expect(logout.cookies.find((c) => c.name === 'sp_session')).toMatchObject({ value: '', secure: true, httpOnly: true });
  });
});
