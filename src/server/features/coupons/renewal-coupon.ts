import { and, count, eq, lt } from 'drizzle-orm';
import {
  couponCentsOf,
  couponCoversPeriod,
  couponDiscountCents,
  couponLine,
  withoutCoupon,
  type CouponLine,
} from '../../../shared/coupons';
import type { Db } from '../../db/client';
import { renewals, type OrderLine } from '../../db/schema';
import { redemptionOfOrder } from './coupons.repository';
import { termsOf } from './coupons.service';

type Conn = Pick<Db, 'select'>;

/** What a service's first order cost before its coupon: what its renewals start from. */
export function priceBeforeCoupon(order: { totalCents: number; lines: readonly OrderLine[] }): number {
  return order.totalCents + couponCentsOf(order.lines);
}

/**
 * What a renewal charges: the period's price before any coupon (`baseCents`: the first order's,
 * or the announced price change's), less the coupon of the service's first order when its
 * duration still covers this period. The first order is period 1; a renewal starting at
 * `periodStart` is period 2 plus the renewals before it. The discount comes from the same
 * function as the checkout's (shared/coupons.ts), on the same rule.
 */
export async function renewalPrice(
  db: Conn,
  input: { orderId: string; serverId: string; periodStart: Date; baseCents: number; currency: string },
): Promise<{ amountCents: number; couponCents: number }> {
  const found = await redemptionOfOrder(db as Db, input.orderId);
  if (!found || found.redemption.status !== 'redeemed') return { amountCents: input.baseCents, couponCents: 0 };
  const [before] = await db
    .select({ n: count() })
    .from(renewals)
    .where(and(eq(renewals.serverId, input.serverId), lt(renewals.periodStart, input.periodStart)));
  const period = 2 + Number(before?.n ?? 0);
  const terms = termsOf(found.coupon);
  if (!couponCoversPeriod(terms, period)) return { amountCents: input.baseCents, couponCents: 0 };
  const couponCents = couponDiscountCents(terms, input.baseCents, input.currency);
  return { amountCents: input.baseCents - couponCents, couponCents };
}

/**
 * A renewal invoice's lines: the period's item lines, then the coupon's line when this period's
 * amount is below its price before the coupon (what renewalPrice took off).
 */
export async function renewalLines(
  db: Conn,
  input: { orderId: string; lines: readonly OrderLine[]; baseCents: number; amountCents: number; currency: string },
): Promise<OrderLine[]> {
  const items = withoutCoupon(input.lines);
  const off = input.baseCents - input.amountCents;
  if (off <= 0) return items;
  const found = await redemptionOfOrder(db as Db, input.orderId);
  if (!found) return items;
  const line: CouponLine = couponLine(termsOf(found.coupon), off, input.currency);
  return [...items, line];
}
