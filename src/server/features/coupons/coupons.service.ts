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
import { findCouponByCode, hasPaidOrder, heldRedemptions, type CouponRow } from './coupons.repository';

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
export function countsAsUse(h: { status: string; orderStatus: string }): boolean {
  return h.status === 'redeemed' || h.orderStatus === 'paid' || h.orderStatus === 'refunded';
}

/**
 * Why this customer cannot take it: already used (paid, or held by an order that is no longer
 * waiting for payment), or not their first order. A reservation held by one of their unpaid
 * orders (or one that expired and is yet to be given back) does not count: a new checkout replaces it.
 */
export async function customerRefusal(db: Db, row: CouponRow, userId: string): Promise<CouponRefusal | null> {
  if (row.oncePerCustomer) {
    const held = await heldRedemptions(db, row.id, userId);
    if (held.some(countsAsUse)) return 'alreadyUsed';
  }
  if (row.firstOrderOnly && (await hasPaidOrder(db, userId))) return 'firstOrderOnly';
  return null;
}

/** Whether a new checkout of this customer would replace one of their unpaid orders holding the coupon (reserveCoupon). */
async function holdsReplaceable(db: Db, row: CouponRow, userId: string): Promise<boolean> {
  if (!row.oncePerCustomer && !row.firstOrderOnly) return false;
  const held = await heldRedemptions(db, row.id, userId);
  return held.length > 0 && !held.some(countsAsUse);
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
  let closed = statusRefusal(row, deps.clock.now());
  // The last redemption held by one of this customer's unpaid orders passes to the order that replaces it.
  if (closed === 'usedUp' && input.userId && (await holdsReplaceable(deps.db, row, input.userId))) closed = null;
  const refusal =
    closed ??
    couponRefusalFor(termsOf(row), input.target) ??
    (input.userId ? await customerRefusal(deps.db, row, input.userId) : null);
  if (refusal) throw couponRefused(refusal);
  return { row, terms: termsOf(row) };
}
