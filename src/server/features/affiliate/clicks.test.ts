import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateClicks } from '../../db/schema';
import { recordingBus } from '../checkout/checkout.fixtures';
import {
  createSignedInUser,
  createTestApp,
  createUser,
  dbKinds,
  manualClock,
  signIn,
  type TestContext,
} from '../../test/test-app';
import { referralCodeOf, summary } from './affiliate-test-kit';

const DAY = 24 * 60 * 60 * 1000;

describe.each(dbKinds)('referral link clicks on %s', (kind) => {
  let t: TestContext;
  const clock = manualClock();
  const events = recordingBus();

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, checkout: { events } });
  });
  afterAll(async () => t?.close());

  function click(code: string, options: { ip?: string; cookie?: string } = {}) {
    return t.app.inject({
      method: 'GET',
      url: `/api/affiliate/click?code=${encodeURIComponent(code)}`,
      remoteAddress: options.ip ?? '203.0.113.7',
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
  }

  async function clicksOf(userId: string) {
    return t.database.db.select().from(affiliateClicks).where(eq(affiliateClicks.referrerUserId, userId));
  }

  it('counts a click and sets the 90-day sp_ref cookie: HttpOnly, SameSite=Lax, path /', async () => {
    const owner = await createUser(t);
    const code = await referralCodeOf(t, owner.id);
    const res = await click(code.toLowerCase());
    expect(res.statusCode).toBe(204);
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.cookies.find((c) => c.name === 'sp_ref');
    expect(cookie).toMatchObject({ value: code, httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 90 * 24 * 60 * 60 });
    expect(cookie?.secure).toBeFalsy();
    expect((cookie?.expires as Date).getTime()).toBe(Math.floor((clock.now().getTime() + 90 * DAY) / 1000) * 1000);

    const rows = await clicksOf(owner.id);
    expect(rows).toHaveLength(1);
    // Only a keyed hash of the address is kept.
    expect(rows[0]?.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7');
    expect(events.published).toContainEqual({ userId: owner.id, event: { topic: 'affiliate' } });
  });

  it('ignores unknown and malformed codes: 204, no cookie, nothing stored', async () => {
    const before = await t.database.db.select().from(affiliateClicks);
    for (const code of ['NOPE1234', 'x', 'bad-code!', 'A'.repeat(40), '']) {
      const res = await click(code);
      expect(res.statusCode).toBe(204);
      expect(res.cookies).toEqual([]);
    }
    const noCode = await t.app.inject({ method: 'GET', url: '/api/affiliate/click' });
    expect(noCode.statusCode).toBe(204);
    expect(await t.database.db.select().from(affiliateClicks)).toHaveLength(before.length);
  });

  it('counts the same visitor once per 24 hours, and other visitors separately', async () => {
    const owner = await createUser(t);
    const code = await referralCodeOf(t, owner.id);
    await click(code, { ip: '198.51.100.1' });
    clock.advance(23 * 60 * 60 * 1000);
    const again = await click(code, { ip: '198.51.100.1' });
    // The cookie is still refreshed on every visit.
    expect(again.cookies.find((c) => c.name === 'sp_ref')?.value).toBe(code);
    await click(code, { ip: '198.51.100.2' });
    expect(await clicksOf(owner.id)).toHaveLength(2);
    clock.advance(2 * 60 * 60 * 1000);
    await click(code, { ip: '198.51.100.1' });
    expect(await clicksOf(owner.id)).toHaveLength(3);
  });

  it("does not count or set a signed-in user's own code, but counts theirs for someone else's", async () => {
    const owner = await createSignedInUser(t);
    const code = await referralCodeOf(t, owner.id);
    const own = await click(code, { cookie: owner.cookie, ip: '192.0.2.50' });
    expect(own.statusCode).toBe(204);
    expect(own.cookies.find((c) => c.name === 'sp_ref')).toBeUndefined();
    expect(await clicksOf(owner.id)).toHaveLength(0);

    const other = await createUser(t);
    const res = await click(await referralCodeOf(t, other.id), { cookie: owner.cookie, ip: '192.0.2.50' });
    expect(res.cookies.find((c) => c.name === 'sp_ref')).toBeDefined();
    expect(await clicksOf(other.id)).toHaveLength(1);
  });

  it('shows the clicks on the owner’s dashboard, for the period against the one before', async () => {
    const owner = await createSignedInUser(t);
    const code = await referralCodeOf(t, owner.id);
    await click(code, { ip: '10.1.0.1' });
    clock.advance(8 * DAY);
    await click(code, { ip: '10.1.0.2' });
    await click(code, { ip: '10.1.0.3' });
    // The clock moved past the idle timeout: sign in again.
    const cookie = await signIn(t, owner);
    const week = await summary(t, cookie, 'week');
    expect(week.stats).toMatchObject({ clicks: 2, clicksChange: 100 });
    const month = await summary(t, cookie, 'month');
    expect(month.stats).toMatchObject({ clicks: 3, clicksChange: 100 });
  });
});

describe.each(dbKinds)('the sp_ref cookie in production on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.test' } });
  });
  afterAll(async () => t?.close());

  it('is Secure', async () => {
    const owner = await createUser(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/affiliate/click?code=${await referralCodeOf(t, owner.id)}` });
    const cookie = res.cookies.find((c) => c.name === 'sp_ref');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax' });
  });
});
