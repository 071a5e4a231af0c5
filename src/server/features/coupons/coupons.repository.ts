import { and, asc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Tx, Executor } from '../../db/client';
import { couponRedemptions, coupons, localCheckoutSessions, orders } from '../../db/schema';

export type CouponRow = typeof coupons.$inferSelect;
export type RedemptionRow = typeof couponRedemptions.$inferSelect;

export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function findCoupon(db: Executor, id: string): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/**
 * Takes one redemption: redeemed + 1, only while the coupon is enabled, unexpired and below its
 * maximum. The row stays locked until the caller's transaction ends, so racing orders queue here
 * and each sees the count the one before it left. Answers undefined when nothing is left to take.
 */
export async function takeRedemption(tx: Tx, couponId: string, now: Date): Promise<CouponRow | undefined> {
  const [row] = await tx
    .update(coupons)
    .set({ redeemed: sql`${coupons.redeemed} + 1` })
    .where(
      and(
        eq(coupons.id, couponId),
        isNull(coupons.disabledAt),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
        or(isNull(coupons.maxRedemptions), lt(coupons.redeemed, coupons.maxRedemptions)),
      ),
    )
    .returning();
  return row;
}

/** The customer's redemptions of a coupon that still count (reserved or paid), with their order's status. */
export async function heldRedemptions(db: Executor, couponId: string, userId: string) {
  return db
    .select({ id: couponRedemptions.id, status: couponRedemptions.status, orderId: couponRedemptions.orderId, orderStatus: orders.status })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), ne(couponRedemptions.status, 'released')));
}

/**
 * The customer's redemptions that still count (reserved or paid) of this coupon (if any) or of
 * any first-order coupon, with their order's status: what a new reservation or a payment may replace
 * or conflict with.
 */
export async function customerRedemptions(db: Executor, userId: string, couponId: string | null) {
  return db
    .select({
      orderId: couponRedemptions.orderId,
      couponId: couponRedemptions.couponId,
      status: couponRedemptions.status,
      orderStatus: orders.status,
      firstOrderOnly: coupons.firstOrderOnly,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(
      and(
        eq(couponRedemptions.userId, userId),
        ne(couponRedemptions.status, 'released'),
        or(couponId ? eq(couponRedemptions.couponId, couponId) : undefined, eq(coupons.firstOrderOnly, true)),
      ),
    );
}

/**
 * Queues every reservation and payment of one customer's coupons behind each other, until the
 * transaction ends, so two checkouts (or a checkout and a payment) cannot both pass the
 * once-per-customer and first-order rules. Taken before any row lock, by checkout and fulfilment alike.
 */
export async function lockCustomerCoupons(tx: Tx, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`coupons:${userId}`}))`);
}

/** Locks coupon rows in id order, so two transactions that both change several never wait on each other in a circle. */
export async function lockCoupons(tx: Tx, ids: string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx.select({ id: coupons.id }).from(coupons).where(inArray(coupons.id, unique)).orderBy(asc(coupons.id)).for('update');
}

/** Whether the customer has paid for anything (but `exceptOrderId`); a first-order coupon is for customers who have not. */
export async function hasPaidOrder(db: Executor, userId: string, exceptOrderId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.userId, userId), inArray(orders.status, ['paid', 'refunded']), exceptOrderId ? ne(orders.id, exceptOrderId) : undefined),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertRedemption(tx: Tx, values: typeof couponRedemptions.$inferInsert) {
  await tx.insert(couponRedemptions).values(values);
}

/**
 * Closes unpaid orders of the customer that a new checkout replaced, or a payment made
 * ineligible (their built-in checkout sessions too); answers the ids closed. Their reservations
 * are then released below, and their sessions at an outside provider expired after commit.
 */
export async function expirePendingOrders(tx: Tx, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const closed = await tx
    .update(orders)
    .set({ status: 'expired' })
    .where(and(inArray(orders.id, orderIds), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  const ids = closed.map((r) => r.id);
  if (ids.length === 0) return [];
  await tx
    .update(localCheckoutSessions)
    .set({ status: 'expired' })
    .where(and(inArray(localCheckoutSessions.orderId, ids), eq(localCheckoutSessions.status, 'open')));
  return ids;
}

/**
 * Gives back the redemptions reserved by orders that expired unpaid: each becomes 'released' and
 * its coupon's count goes down by one, in one statement. With `orderIds`, only those orders;
 * without, every expired order (the periodic sweep, which also catches a release that a stopped
 * process left undone). Answers how many were released.
 */
export async function releaseExpiredReservations(db: Executor, now: Date, orderIds?: string[]): Promise<number> {
  if (orderIds && orderIds.length === 0) return 0;
  const which = orderIds ? sql`and r.order_id in (${sql.join(orderIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const result = (await db.execute(sql`
    with released as (
      update coupon_redemptions r
         set status = 'released', released_at = ${now.toISOString()}
        from orders o
       where o.id = r.order_id and o.status = 'expired' and r.status = 'reserved' ${which}
      returning r.coupon_id
    ), counts as (
      select coupon_id, count(*)::int as n from released group by coupon_id
    )
    update coupons c set redeemed = c.redeemed - counts.n from counts where c.id = counts.coupon_id
    returning counts.n
  `)) as unknown as { rows: { n: number | string }[] };
  return result.rows.reduce((sum, r) => sum + Number(r.n), 0);
}

export async function redemptionOfOrder(db: Executor, orderId: string) {
  const [row] = await db
    .select({ redemption: couponRedemptions, coupon: coupons })
    .from(couponRedemptions)
    .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
    .where(eq(couponRedemptions.orderId, orderId));
  return row;
}

export async function markRedeemed(tx: Tx, redemptionId: string, now: Date) {
  await tx.update(couponRedemptions).set({ status: 'redeemed', redeemedAt: now, releasedAt: null }).where(eq(couponRedemptions.id, redemptionId));
}

/** Counts a redemption again (an order paid after its reservation was released); the maximum may be passed. */
export async function countAgain(tx: Tx, couponId: string) {
  await tx
    .update(coupons)
    .set({ redeemed: sql`${coupons.redeemed} + 1` })
    .where(eq(coupons.id, couponId));
}
