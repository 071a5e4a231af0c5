import type { CouponRefusal } from '../../../shared/coupons';
import type { Tx } from '../../db/client';
import type { Clock, Ids } from '../../lib/runtime';
import {
  countAgain,
  customerRedemptions,
  expirePendingOrders,
  findCoupon,
  hasPaidOrder,
  insertRedemption,
  lockCoupons,
  lockCustomerCoupons,
  markRedeemed,
  redemptionOfOrder,
  releaseExpiredReservations,
  takeRedemption,
} from './coupons.repository';
import { countsAsUse, couponRefused, statusRefusal } from './coupons.service';

/**
 * A customer holds at most one open reservation of a coupon that is once per customer, and at
 * most one of all first-order coupons together; a payment keeps the coupon's count equal to its
 * redemptions whatever happened before it. See docs/decisions/032-coupon-reservations.md.
 */

export { lockCustomerCoupons };

/**
 * Closes the orders in `orderIds` that are still unpaid and gives their reservations back; answers
 * the ids closed now, whose provider sessions the caller expires after commit.
 */
async function closeOrders(tx: Tx, now: Date, orderIds: string[]): Promise<string[]> {
  if (orderIds.length === 0) return [];
  const closed = await expirePendingOrders(tx, orderIds);
  await releaseExpiredReservations(tx, now, orderIds);
  return closed;
}

/**
 * Reserves one redemption for a new order, inside the transaction that inserts the order (after
 * it). Throwing rolls both back. The customer's coupon lock comes first, then the coupon rows in
 * id order, so concurrent checkouts of one customer queue, and each sees what the one before it
 * left; racers for the last redemptions queue on the coupon's row. The customer's unpaid orders that this one replaces are closed (those holding the same
 * once-per-customer coupon, and, for a first-order coupon, those holding any first-order coupon):
 * answers their ids, whose provider sessions the caller must expire once this commits.
 */
export async function reserveCoupon(
  tx: Tx,
  deps: { clock: Clock; ids: Ids },
  input: { couponId: string; userId: string; orderId: string; discountCents: number },
): Promise<{ replaced: string[] }> {
  const now = deps.clock.now();
  await lockCustomerCoupons(tx, input.userId);
  const held = await customerRedemptions(tx, input.userId, input.couponId);
  await lockCoupons(tx, [input.couponId, ...held.map((h) => h.couponId)]);
  const coupon = await findCoupon(tx, input.couponId);
  const closedToAll = coupon ? statusRefusal(coupon, now) : 'unknown';
  if (!coupon || (closedToAll && closedToAll !== 'usedUp')) throw couponRefused(closedToAll ?? 'unknown');
  if (coupon.oncePerCustomer && held.some((h) => h.couponId === coupon.id && countsAsUse(h))) throw couponRefused('alreadyUsed');
  if (coupon.firstOrderOnly && (await hasPaidOrder(tx, input.userId))) throw couponRefused('firstOrderOnly');
  const replaced = held.filter(
    (h) => !countsAsUse(h) && ((coupon.oncePerCustomer && h.couponId === coupon.id) || (coupon.firstOrderOnly && h.firstOrderOnly)),
  );
  // Given back before taking, so a customer who replaces their own order keeps the last redemption.
  const closed = await closeOrders(tx, now, replaced.map((h) => h.orderId));
  const taken = await takeRedemption(tx, coupon.id, now);
  if (!taken) throw couponRefused(await whyNotTaken(tx, coupon.id, now));
  await insertRedemption(tx, {
    id: deps.ids.uuid(),
    couponId: taken.id,
    userId: input.userId,
    orderId: input.orderId,
    status: 'reserved',
    discountCents: input.discountCents,
    createdAt: now,
  });
  return { replaced: closed };
}

async function whyNotTaken(tx: Tx, couponId: string, now: Date): Promise<CouponRefusal> {
  const row = await findCoupon(tx, couponId);
  return (row && statusRefusal(row, now)) ?? 'usedUp';
}

export interface PaidOrderCoupons {
  /** Unpaid orders of the customer closed because this payment made their coupon ineligible. */
  closed: string[];
  /** The rules of the order's own coupon that this payment broke (it is fulfilled and counted all the same). */
  broken: ('oncePerCustomer' | 'firstOrderOnly' | 'maximum')[];
}

/**
 * At payment, inside fulfilment's transaction (after lockCustomerCoupons, and the order already
 * marked paid). The customer's other unpaid orders that can no longer have their coupon are
 * closed: every one holding a first-order coupon (the customer has now paid), and those holding
 * this order's coupon when it is once per customer. Then the order's own coupon is checked
 * again: a rule that a race let through (a session paid just before it was expired) is reported
 * in `broken`, and the redemption is made final anyway, counted again if it had been released,
 * so the coupon's count always equals its redemptions (decision 032).
 */
export async function settlePaidOrderCoupons(tx: Tx, deps: { clock: Clock }, order: { id: string; userId: string }): Promise<PaidOrderCoupons> {
  const now = deps.clock.now();
  const own = await redemptionOfOrder(tx, order.id);
  const held = await customerRedemptions(tx, order.userId, own?.coupon.id ?? null);
  const others = held.filter((h) => h.orderId !== order.id);
  await lockCoupons(tx, [...(own ? [own.coupon.id] : []), ...others.map((h) => h.couponId)]);
  const conflicting = others.filter(
    (h) => !countsAsUse(h) && (h.firstOrderOnly || (own?.coupon.oncePerCustomer === true && h.couponId === own.coupon.id)),
  );
  const closed = await closeOrders(tx, now, conflicting.map((h) => h.orderId));
  if (!own || own.redemption.status === 'redeemed') return { closed, broken: [] };

  const { redemption } = own;
  const coupon = (await findCoupon(tx, own.coupon.id)) ?? own.coupon;
  const broken: PaidOrderCoupons['broken'] = [];
  if (coupon.oncePerCustomer && others.some((h) => h.couponId === coupon.id && countsAsUse(h))) broken.push('oncePerCustomer');
  if (coupon.firstOrderOnly && (await hasPaidOrder(tx, order.userId, order.id))) broken.push('firstOrderOnly');
  if (redemption.status === 'released') {
    if (coupon.maxRedemptions !== null && coupon.redeemed >= coupon.maxRedemptions) broken.push('maximum');
    await countAgain(tx, coupon.id);
  }
  await markRedeemed(tx, redemption.id, now);
  return { closed, broken };
}
