import { desc, eq, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { couponRedemptions, coupons } from '../../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

/** Redemptions per coupon by state, and what paid first orders saved. */
const counts = (db: Db) =>
  db
    .select({
      couponId: couponRedemptions.couponId,
      paid: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'redeemed')::int`.as('paid'),
      reserved: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'reserved')::int`.as('reserved'),
      given: sql<number>`coalesce(sum(${couponRedemptions.discountCents}) filter (where ${couponRedemptions.status} = 'redeemed'), 0)::int`.as('given'),
    })
    .from(couponRedemptions)
    .groupBy(couponRedemptions.couponId)
    .as('counts');

/** Coupons newest first with their redemption counts; `q` matches the start of the code. */
export async function listCouponsWithCounts(db: Db, q?: string, limit = 500) {
  const c = counts(db);
  return db
    .select({ coupon: coupons, paid: c.paid, reserved: c.reserved, given: c.given })
    .from(coupons)
    .leftJoin(c, eq(c.couponId, coupons.id))
    .where(q ? ilike(coupons.code, `${q.toUpperCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
}

export async function couponWithCounts(db: Db, id: string) {
  const c = counts(db);
  const [row] = await db
    .select({ coupon: coupons, paid: c.paid, reserved: c.reserved, given: c.given })
    .from(coupons)
    .leftJoin(c, eq(c.couponId, coupons.id))
    .where(eq(coupons.id, id));
  return row;
}

/** Locks the coupon for an edit, so an edit and a redemption never interleave. */
export async function lockCoupon(tx: Db, id: string): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}
