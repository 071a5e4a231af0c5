import { and, asc, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { couponRedemptions, coupons, orders } from '../../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;

/** Redemptions per coupon by state. What they saved is per currency: discountsGiven. */
const counts = (db: Db) =>
  db
    .select({
      couponId: couponRedemptions.couponId,
      paid: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'redeemed')::int`.as('paid'),
      reserved: sql<number>`count(*) filter (where ${couponRedemptions.status} = 'reserved')::int`.as('reserved'),
    })
    .from(couponRedemptions)
    .groupBy(couponRedemptions.couponId)
    .as('counts');

/** Coupons newest first with their redemption counts; `q` matches the start of the code. */
export async function listCouponsWithCounts(db: Db, q?: string, limit = 500) {
  const c = counts(db);
  return db
    .select({ coupon: coupons, paid: c.paid, reserved: c.reserved })
    .from(coupons)
    .leftJoin(c, eq(c.couponId, coupons.id))
    .where(q ? ilike(coupons.code, `${q.toUpperCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`) : undefined)
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit);
}

export async function couponWithCounts(db: Db, id: string) {
  const c = counts(db);
  const [row] = await db
    .select({ coupon: coupons, paid: c.paid, reserved: c.reserved })
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

/**
 * What paid first orders saved, per coupon and per order currency (shop's and extra currencies'
 * orders are never added together), currencies in code order.
 */
export async function discountsGiven(db: Db, couponIds: string[]) {
  if (couponIds.length === 0) return [];
  return db
    .select({
      couponId: couponRedemptions.couponId,
      currency: orders.currency,
      cents: sql<number>`sum(${couponRedemptions.discountCents})::int`,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(and(inArray(couponRedemptions.couponId, couponIds), eq(couponRedemptions.status, 'redeemed')))
    .groupBy(couponRedemptions.couponId, orders.currency)
    .orderBy(asc(orders.currency));
}
