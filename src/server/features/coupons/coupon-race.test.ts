import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, coupons, orders } from '../../db/schema';
import { createSignedInUser, createTestApp, dbKinds, type TestContext, type TestUser } from '../../test/test-app';
import { buy } from '../affiliate/affiliate-test-kit';
import { recordingBus, recordingProvisioning } from '../checkout/checkout.fixtures';
import { createCouponAs } from './coupons.fixtures';

const pack = { kind: 'pack', pack: 'essentials' } as const;

/**
 * Coupon limits under concurrency: 50 customers press Purchase at once for the last 10
 * redemptions. Exactly 10 orders are placed with the discount; the other 40 are told it is used
 * up and leave no order behind. On PostgreSQL the checkouts really run in parallel, each in its
 * own connection and transaction.
 */
describe.each(dbKinds)('coupon limits under concurrency on %s', (kind) => {
  let t: TestContext;
  let staff: string;
  let racers: (TestUser & { cookie: string })[];

  beforeAll(async () => {
    t = await createTestApp(kind, { checkout: { events: recordingBus(), provisioning: recordingProvisioning() } });
    staff = (await createSignedInUser(t, { role: 'admin' })).cookie;
    racers = await Promise.all(Array.from({ length: 50 }, () => createSignedInUser(t)));
  }, 120_000);
  afterAll(async () => t?.close());

  it('50 customers racing for the last 10 redemptions get exactly 10', async () => {
    const coupon = await createCouponAs(t, staff, { kind: 'percent', amount: 30, maxRedemptions: 15 });
    // Five are already taken, and paid, by earlier customers.
    for (let i = 0; i < 5; i += 1) {
      await buy(t, (await createSignedInUser(t)).cookie, { ...pack, coupon: coupon.code });
    }

    const answers = await Promise.all(
      racers.map((r) => t.app.inject({ method: 'POST', url: '/api/checkout', headers: { cookie: r.cookie }, payload: { ...pack, coupon: coupon.code } })),
    );
    const won = answers.filter((a) => a.statusCode === 200);
    const lost = answers.filter((a) => a.statusCode !== 200);
    expect(won).toHaveLength(10);
    expect(lost).toHaveLength(40);
    for (const answer of lost) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toEqual({
        code: 'coupon_used_up',
        message: 'This coupon has been used up.',
        fields: { coupon: 'This coupon has been used up.' },
      });
    }

    const [row] = await t.database.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(row!.redeemed).toBe(15);
    const held = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, coupon.id), ne(couponRedemptions.status, 'released')));
    expect(held).toHaveLength(15);
    // Each winner has exactly one order at 30% off $6.99 ($4.89), the losers none.
    const racerIds = new Set(racers.map((r) => r.id));
    const placed = (await t.database.db.select().from(orders).where(eq(orders.packId, 'essentials'))).filter((o) => racerIds.has(o.userId));
    expect(placed).toHaveLength(10);
    expect(new Set(placed.map((o) => o.userId)).size).toBe(10);
    for (const order of placed) expect(order.totalCents).toBe(489);
  }, 120_000);
});
