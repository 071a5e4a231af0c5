import { formatMoney } from './money';
import { lineText, type LineText } from './line-text';
import { minimumChargeOf } from './stripe-minimums';

/*
 * Coupons as pricing sees them: what a code takes off, and what it is for. Whether a customer may
 * use it (expiry, redemptions left, once per customer, first order) needs the database and is
 * decided on the server (features/coupons); the amounts are decided here, once, for the quote,
 * the checkout, renewals and the invoice alike (docs/decisions/019-coupons.md).
 */

export const couponKinds = ['percent', 'fixed'] as const;
export type CouponKind = (typeof couponKinds)[number];

/** once: the first order only; repeating: the first `durationPeriods` billing periods; forever: every renewal too. */
export const couponDurations = ['once', 'repeating', 'forever'] as const;
export type CouponDuration = (typeof couponDurations)[number];

export interface CouponTerms {
  /** Upper case, as customers' input is compared (see normalizeCouponCode). */
  code: string;
  kind: CouponKind;
  /** A whole percent from 1 to 100 for 'percent'; cents for 'fixed'. */
  amount: number;
  duration: CouponDuration;
  /** For 'repeating': how many billing periods get the discount, the first order counting as one. */
  durationPeriods: number | null;
  /**
   * What the coupon is for. All empty: anything. Otherwise a server order must be for one of
   * `games` or one of `plans`, and a pack order for one of `packs`.
   */
  games: string[];
  plans: string[];
  packs: string[];
}

export type CouponTarget = { kind: 'server'; game: string; plan: string } | { kind: 'pack'; pack: string };

/**
 * What a coupon always leaves of an order or a renewal: Stripe's smallest charge in the order's
 * currency (shared/stripe-minimums.ts: $0.50, €0.50, ¥50, £0.30, Ft175...), so every discounted
 * charge can still go to the card (decision 073).
 */
export function couponFloor(currency: string): number {
  return minimumChargeOf(currency);
}

export const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;

/** What customers type is compared in upper case without spaces around it: ' spring20 ' is SPRING20. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** Why a code cannot be used, word for word as the configurator and the pack dialog show it. */
export const couponRefusals = {
  unknown: "That coupon code doesn't exist. Please check it and try again.",
  disabled: 'This coupon is no longer available.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been used up.',
  notForPlan: 'This coupon is not for this plan.',
  notForPack: 'This coupon is not for this pack.',
  alreadyUsed: 'You have already used this coupon.',
  firstOrderOnly: 'This coupon is for a first order only.',
} as const;
export type CouponRefusal = keyof typeof couponRefusals;

function restricted(terms: CouponTerms): boolean {
  return terms.games.length + terms.plans.length + terms.packs.length > 0;
}

/** Whether the coupon is for this server plan or pack; answers the refusal when it is not. */
export function couponRefusalFor(terms: CouponTerms, target: CouponTarget): CouponRefusal | null {
  if (!restricted(terms)) return null;
  if (target.kind === 'pack') return terms.packs.includes(target.pack) ? null : 'notForPack';
  return terms.games.includes(target.game) || terms.plans.includes(target.plan) ? null : 'notForPlan';
}

/**
 * What the coupon takes off an amount (the period's total after the billing-period discount),
 * in integer minor units of `currency`, the order's:
 * - percent: amount × percent / 100, rounded half up to the minor unit, once;
 * - fixed: the coupon's amount;
 * then capped so that at least the currency's minimum charge (couponFloor) is left; an amount
 * already below it gets nothing off.
 */
export function couponDiscountCents(terms: Pick<CouponTerms, 'kind' | 'amount'>, amountCents: number, currency: string): number {
  const raw = terms.kind === 'percent' ? Math.floor((amountCents * terms.amount + 50) / 100) : terms.amount;
  return Math.max(0, Math.min(raw, amountCents - couponFloor(currency)));
}

/** Whether the discount applies to the n-th billing period of a service (the first order is period 1). */
export function couponCoversPeriod(terms: Pick<CouponTerms, 'duration' | 'durationPeriods'>, period: number): boolean {
  if (terms.duration === 'forever') return true;
  if (terms.duration === 'once') return period <= 1;
  return period <= (terms.durationPeriods ?? 1);
}

/** "20% off" or "$5.00 off". */
export function couponAmountLabel(terms: Pick<CouponTerms, 'kind' | 'amount'>, currency: string): string {
  return terms.kind === 'percent' ? `${terms.amount}% off` : `${formatMoney(terms.amount, currency)} off`;
}

/** "once", "for 3 billing periods", "forever". */
export function couponDurationLabel(terms: Pick<CouponTerms, 'duration' | 'durationPeriods'>): string {
  if (terms.duration === 'once') return 'once';
  if (terms.duration === 'forever') return 'forever';
  const n = terms.durationPeriods ?? 1;
  return `for ${n} billing ${n === 1 ? 'period' : 'periods'}`;
}

/**
 * The coupon as a line of an order or invoice: negative, marked kind 'coupon', after the items.
 * Item lines still add up to the subtotal; total = subtotal − period discount − coupon.
 */
export interface CouponLine {
  kind: 'coupon';
  description: string;
  text?: LineText;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

export function couponLine(terms: Pick<CouponTerms, 'code' | 'kind' | 'amount'>, discountCents: number, currency: string): CouponLine {
  return {
    kind: 'coupon',
    description: `Coupon ${terms.code} (${couponAmountLabel(terms, currency)})`,
    text: lineText(
      'line.coupon',
      { code: terms.code, kind: terms.kind, percent: terms.kind === 'percent' ? terms.amount : 0 },
      terms.kind === 'percent' ? undefined : { amount: { cents: terms.amount, currency } },
    ),
    quantity: 1,
    // 0 − d, not −d: a zero discount is 0, never −0 ("−$0.00").
    unitCents: 0 - discountCents,
    amountCents: 0 - discountCents,
  };
}

export function isCouponLine<L extends { kind?: string }>(line: L): boolean {
  return line.kind === 'coupon';
}

/** What the coupon lines of an order or invoice take off, as a positive number of cents. */
export function couponCentsOf(lines: readonly { kind?: string; amountCents: number }[]): number {
  return 0 - lines.filter(isCouponLine).reduce((sum, l) => sum + l.amountCents, 0);
}

/** The lines without their coupon: what a renewal or a price change starts from. */
export function withoutCoupon<L extends { kind?: string }>(lines: readonly L[]): L[] {
  return lines.filter((l) => !isCouponLine(l));
}
