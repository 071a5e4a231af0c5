import {
  CODE_PATTERN,
  couponRefusalFor,
  couponRefusals,
  normalizeCouponCode,
  type CouponRefusal,
  type CouponTarget,
  type CouponTerms,
} from '../../../shared/coupons';
import type { Db } from '../../db/client';
import { HttpError } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import {
  countAgain,
  expirePendingOrders,
  findCoupon,
  findCouponByCode,
  hasPaidOrder,
  heldRedemptions,
  insertRedemption,
  markRedeemed,
  redemptionOfOrder,
  releaseExpiredReservations,
  takeRedemption,
  type CouponRow,
  type Tx,
} from './coupons.repository';

export interface CouponDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
}

const errorCodes: Record<CouponRefusal, string> = {
  unknown: 'coupon_unknown',
  disabled: 'coupon_disabled',
  expired: 'coupon_expired',
  usedUp: 'coupon_used_up',
  notForPlan: 'coupon_not_for_plan',
  notForPack: 'coupon_not_for_pack',
  alreadyUsed: 'coupon_already_used',
  firstOrderOnly: 'coupon_first_order_only',
};

/** A refused code: 400, with the reason on the `coupon` field, in the words the customer reads. */
export function couponRefused(reason: CouponRefusal): HttpError {
  return new HttpError(400, errorCodes[reason], couponRefusals[reason], { coupon: couponRefusals[reason] });
}

export function termsOf(row: CouponRow): CouponTerms {
  return {
    code: row.code,
    kind: row.kind,
    amount: row.amount,
    duration: row.duration,
    durationPeriods: row.durationPeriods,
    games: row.games,
    plans: row.plans,
    packs: row.packs,
  };
}

/** Why nobody can take the coupon now: disabled, expired or used up; null when it is open. */
export function statusRefusal(row: CouponRow, now: Date): CouponRefusal | null {
  if (row.disabledAt) return 'disabled';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  if (row.maxRedemptions !== null && row.redeemed >= row.maxRedemptions) return 'usedUp';
  return null;
}

/** A redemption that counts as the customer's use: paid, or held by an order that was paid. */
function countsAsUse(h: { status: string; orderStatus: string }): boolean {
  return h.status === 'redeemed' || h.orderStatus === 'paid' || h.orderStatus === 'refunded';
}

/**
 * Why this customer cannot take it: already used (paid, or held by an order that is no longer
 * waiting for payment), or not their first order. A reservation held by one of their unpaid
 * orders (or one that expired and is yet to be given back) does not count: a new checkout replaces it.
 */
async function customerRefusal(db: Db | Tx, row: CouponRow, userId: string): Promise<CouponRefusal | null> {
  if (row.oncePerCustomer) {
    const held = await heldRedemptions(db, row.id, userId);
    if (held.some(countsAsUse)) return 'alreadyUsed';
  }
  if (row.firstOrderOnly && (await hasPaidOrder(db, userId))) return 'firstOrderOnly';
  return null;
}

export interface CheckedCoupon {
  row: CouponRow;
  terms: CouponTerms;
}

/**
 * Looks a typed code up and answers its terms, or throws the refusal the customer should read.
 * The target (plan or pack) is checked here too; signed out (`userId` null) skips the
 * per-customer checks, which the checkout makes again under the coupon's lock anyway.
 */
export async function checkCoupon(
  deps: Pick<CouponDeps, 'db' | 'clock'>,
  input: { code: string; userId: string | null; target: CouponTarget },
): Promise<CheckedCoupon> {
  const code = normalizeCouponCode(input.code);
  const row = CODE_PATTERN.test(code) ? await findCouponByCode(deps.db, code) : undefined;
  if (!row) throw couponRefused('unknown');
  const refusal =
    statusRefusal(row, deps.clock.now()) ??
    couponRefusalFor(termsOf(row), input.target) ??
    (input.userId ? await customerRefusal(deps.db, row, input.userId) : null);
  if (refusal) throw couponRefused(refusal);
  return { row, terms: termsOf(row) };
}

/**
 * Reserves one redemption for a new order, inside the transaction that inserts the order (after
 * it). Throwing rolls both back. The coupon row is locked by the conditional increment first, so
 * the once-per-customer and first-order checks that follow cannot race another checkout of the
 * same coupon. The customer's unpaid orders that held it are closed and their reservations given back.
 */
export async function reserveCoupon(
  tx: Tx,
  deps: Pick<CouponDeps, 'clock' | 'ids'>,
  input: { couponId: string; userId: string; orderId: string; discountCents: number },
): Promise<void> {
  const now = deps.clock.now();
  const taken = await takeRedemption(tx, input.couponId, now);
  if (!taken) throw couponRefused(await whyNotTaken(tx, input.couponId, now));
  if (taken.oncePerCustomer) {
    const held = await heldRedemptions(tx, taken.id, input.userId);
    if (held.some(countsAsUse)) throw couponRefused('alreadyUsed');
    const replaced = held.map((h) => h.orderId);
    if (replaced.length > 0) {
      await expirePendingOrders(tx, replaced);
      await releaseExpiredReservations(tx, now, replaced);
    }
  }
  if (taken.firstOrderOnly && (await hasPaidOrder(tx, input.userId))) throw couponRefused('firstOrderOnly');
  await insertRedemption(tx, {
    id: deps.ids.uuid(),
    couponId: taken.id,
    userId: input.userId,
    orderId: input.orderId,
    status: 'reserved',
    discountCents: input.discountCents,
    createdAt: now,
  });
}

async function whyNotTaken(tx: Tx, couponId: string, now: Date): Promise<CouponRefusal> {
  const row = await findCoupon(tx, couponId);
  return (row && statusRefusal(row, now)) ?? 'usedUp';
}

/**
 * Makes the order's reservation final when it is paid, inside fulfilment's transaction. An order
 * paid after its reservation was released (it expired, then the payment still arrived) is counted
 * again, even past the maximum: the money was taken at the discounted price. If the customer
 * meanwhile holds the coupon on another order, the second use is only logged.
 */
export async function redeemOrderCoupon(
  tx: Tx,
  deps: Pick<CouponDeps, 'clock'> & { log?: { warn(obj: object, msg?: string): void } },
  orderId: string,
): Promise<void> {
  const found = await redemptionOfOrder(tx, orderId);
  if (!found || found.redemption.status === 'redeemed') return;
  const { redemption, coupon } = found;
  const now = deps.clock.now();
  if (redemption.status === 'released') {
    if (coupon.oncePerCustomer && (await heldRedemptions(tx, coupon.id, redemption.userId)).length > 0) {
      deps.log?.warn({ orderId, couponId: coupon.id }, 'order paid with a coupon the customer holds on another order');
      return;
    }
    await countAgain(tx, coupon.id);
  }
  await markRedeemed(tx, redemption.id, now);
}
