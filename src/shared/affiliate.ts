import type { AffiliateRules } from './business-rules';
import { minimumChargeOf } from './stripe-minimums';
import { policy } from './policy';

/**
 * The affiliate programme's rules as plain functions: commission, payout threshold, reporting
 * periods and their changes, the masked email of a referral and the payout date.
 */

export const affiliatePeriods = ['week', 'month', 'quarter', 'year'] as const;
export type AffiliatePeriod = (typeof affiliatePeriods)[number];

/** Periods are rolling windows ending now, so each one compares with the one just before it. */
export const periodDays: Record<AffiliatePeriod, number> = { week: 7, month: 30, quarter: 90, year: 365 };

const DAY_MS = 24 * 60 * 60 * 1000;

/** The referrer's share of a payment: the rate in percent of the cents paid, rounded down to a whole cent. */
export function commissionCents(paymentCents: number, percent: number = policy.affiliate.commissionPercent): number {
  if (!Number.isSafeInteger(paymentCents) || paymentCents < 0) {
    throw new RangeError(`a payment is a whole, non-negative number of cents, not ${paymentCents}`);
  }
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`a commission rate is a whole percent from 0 to 100, not ${percent}`);
  }
  // Integer arithmetic: 25% of 1999 is 49975 / 100 = 499 cents, never 499.75.
  return Math.floor((paymentCents * percent) / 100);
}

/** When a commission stops being refundable: the end of the money-back window after the payment. */
export function commissionPayableAt(paidAt: Date, refundWindowHours: number = policy.refundWindowHours): Date {
  return new Date(paidAt.getTime() + refundWindowHours * 60 * 60 * 1000);
}

/**
 * Whether a referral's payment still earns: for `months` calendar months after the referral signed
 * up (Settings → Business rules), or always when `months` is null.
 */
export function commissionStillEarned(referredAt: Date, paidAt: Date, months: number | null): boolean {
  if (months === null) return true;
  const until = new Date(referredAt);
  until.setUTCMonth(until.getUTCMonth() + months);
  // 31 January + 1 month lands on 3 March: end on the last day of the month instead.
  if (until.getUTCDate() !== referredAt.getUTCDate()) until.setUTCDate(0);
  return paidAt.getTime() < until.getTime();
}

/** 'held': waiting for staff to review a possible self-referral (decision 034). */
export type StoredCommissionStatus = 'pending' | 'payable' | 'requested' | 'paid' | 'reversed' | 'held';

/** A stored 'pending' commission whose refund window has passed is payable, promoted or not. */
export function commissionStatusAt(
  commission: { status: StoredCommissionStatus; payableAt: Date },
  now: Date,
): StoredCommissionStatus {
  if (commission.status === 'pending' && commission.payableAt.getTime() <= now.getTime()) return 'payable';
  return commission.status;
}

/** A payout (credit or cash) can be taken once at least the minimum is payable, and never of nothing (a minimum of 0). */
export function meetsPayoutMinimum(payableCents: number, minimumCents: number = policy.affiliate.minimumPayoutCents): boolean {
  return payableCents > 0 && payableCents >= minimumCents;
}

export interface Window {
  start: Date;
  end: Date;
}

/** The period ending `now` and the one of the same length just before it; each is (start, end]. */
export function periodWindows(period: AffiliatePeriod, now: Date): { current: Window; previous: Window } {
  const length = periodDays[period] * DAY_MS;
  const end = now.getTime();
  return {
    current: { start: new Date(end - length), end: new Date(end) },
    previous: { start: new Date(end - 2 * length), end: new Date(end - length) },
  };
}

/** Change from the previous period in percent, one decimal. From nothing to something counts as +100%. */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return current === 0 ? 0 : current > 0 ? 100 : -100;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Paying referrals per click, in percent with one decimal; 0 without clicks, at most 100. */
export function conversionRate(payingReferrals: number, clicks: number): number {
  if (clicks <= 0) return 0;
  return Math.min(100, Math.round((payingReferrals / clicks) * 1000) / 10);
}

/** "jane.doe@gmail.com" → "j***@g***.com": enough to recognise a referral, not to contact them. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}***@${host ? `${host[0]}***` : '***'}${tld}`;
}

/** Payouts run monthly, on the first day of the next month (UTC), as YYYY-MM-DD. */
export function nextPayoutDate(now: Date): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 10);
}

/** The public link that attributes a sign-up: `<site>/signup?ref=CODE`. */
export function referralLink(publicUrl: string, code: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/signup?ref=${encodeURIComponent(code)}`;
}

/** Referral codes are 4-32 letters and digits, compared upper-case. */
export function normaliseReferralCode(code: string | undefined | null): string | null {
  const trimmed = code?.trim() ?? '';
  return /^[A-Za-z0-9]{4,32}$/.test(trimmed) ? trimmed.toUpperCase() : null;
}

/**
 * The least an affiliate can take out in `currency` (minor units): the business rule's minimum in
 * the shop's currency, the minimum staff set for an extra currency, else that currency's own
 * smallest card payment (decision 080). Nothing is converted between currencies.
 */
export function minimumPayoutIn(
  rules: Pick<AffiliateRules, 'minimumPayoutCents' | 'minimumPayoutByCurrency'>,
  currency: string,
  shopCurrency: string,
): number {
  const code = currency.toLowerCase();
  if (code === shopCurrency.toLowerCase()) return rules.minimumPayoutCents;
  return rules.minimumPayoutByCurrency[code] ?? minimumChargeOf(code);
}
