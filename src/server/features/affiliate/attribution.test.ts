import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createTestApp, createUser, dbKinds, manualClock, type TestContext } from '../../test/test-app';
import { password, referralCodeOf, referrerOf, signUpThrough } from './affiliate-test-kit';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A browser's view of the sp_ref cookie: it keeps what Set-Cookie gave it until the cookie's own
 * expiry, then stops sending it. Attribution therefore lasts exactly as long as the cookie.
 */
function browserJar(clock: { now(): Date }) {
  let stored: { value: string; expires: Date } | undefined;
  return {
    take(res: { cookies: { name: string; value: string; expires?: Date; maxAge?: number }[] }) {
      const c = res.cookies.find((x) => x.name === 'sp_ref');
      if (c) stored = { value: c.value, expires: new Date(clock.now().getTime() + (c.maxAge ?? 0) * 1000) };
    },
    header(): string | undefined {
      return stored && clock.now() < stored.expires ? `sp_ref=${stored.value}` : undefined;
    },
  };
}

describe.each(dbKinds)('referral attribution at sign-up on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
  });
  afterAll(async () => t?.close());

  async function visit(code: string, jar: ReturnType<typeof browserJar>) {
    const res = await t.app.inject({ method: 'GET', url: `/api/affiliate/click?code=${code}`, remoteAddress: '203.0.113.9' });
    expect(res.statusCode).toBe(204);
    jar.take(res);
  }

  it('attributes a sign-up 89 days after the click, through the cookie alone', async () => {
    const referrer = await createUser(t);
    const jar = browserJar(clock);
    await visit(await referralCodeOf(t, referrer.id), jar);
    clock.advance(89 * DAY);
    const customer = await signUpThrough(t, { cookie: jar.header() });
    expect(await referrerOf(t, customer.id)).toBe(referrer.id);
  });

  it('does not attribute a sign-up once the 90-day cookie has expired', async () => {
    const referrer = await createUser(t);
    const jar = browserJar(clock);
    await visit(await referralCodeOf(t, referrer.id), jar);
    clock.advance(90 * DAY + 1000);
    expect(jar.header()).toBeUndefined();
    const customer = await signUpThrough(t, { cookie: jar.header() });
    expect(await referrerOf(t, customer.id)).toBeNull();
  });

  it('prefers the code in the sign-up form over an older cookie', async () => {
    const first = await createUser(t);
    const second = await createUser(t);
    const customer = await signUpThrough(t, {
      ref: await referralCodeOf(t, second.id),
      cookie: `sp_ref=${await referralCodeOf(t, first.id)}`,
    });
    expect(await referrerOf(t, customer.id)).toBe(second.id);
  });

  it('refuses self-referral: no cookie from your own link, and signing up again with your code changes nothing', async () => {
    const owner = await createSignedInUser(t);
    const code = await referralCodeOf(t, owner.id);
    const own = await t.app.inject({ method: 'GET', url: `/api/affiliate/click?code=${code}`, headers: { cookie: owner.cookie } });
    expect(own.cookies.find((c) => c.name === 'sp_ref')).toBeUndefined();

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: owner.email, password, ref: code },
      headers: { cookie: `sp_ref=${code}` },
    });
    expect(again.statusCode).toBe(201);
    expect(await referrerOf(t, owner.id)).toBeNull();
  });

  it('ignores an unknown code in the form or the cookie', async () => {
    const customer = await signUpThrough(t, { ref: 'ZZZZ9999', cookie: 'sp_ref=YYYY8888' });
    expect(await referrerOf(t, customer.id)).toBeNull();
  });
});
