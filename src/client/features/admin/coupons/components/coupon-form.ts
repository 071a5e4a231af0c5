import type { CouponDuration, CouponKind } from '../../../../../shared/coupons';
import { majorText, readMajorAmount, type MajorAmount } from '../../../../../shared/money-input';
import type { AdminCoupon, CouponCreateInput, CouponEditInput } from '../../../../../shared/schemas/admin/coupons';

/** The coupon form as typed: strings for numbers, the shop currency's major unit for a fixed amount, a day for the expiry. */
export interface CouponFormState {
  code: string;
  description: string;
  kind: CouponKind;
  percent: string;
  fixed: string;
  duration: CouponDuration;
  periods: string;
  expiresOn: string;
  max: string;
  oncePerCustomer: boolean;
  firstOrderOnly: boolean;
  games: string[];
  plans: string[];
  packs: string[];
}

export const emptyCouponForm: CouponFormState = {
  code: '',
  description: '',
  kind: 'percent',
  percent: '',
  fixed: '',
  duration: 'once',
  periods: '3',
  expiresOn: '',
  max: '',
  oncePerCustomer: true,
  firstOrderOnly: false,
  games: [],
  plans: [],
  packs: [],
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The day part of a date in the browser's time zone, as a date input wants it. */
function localDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** `currency` is the shop's: fixed amounts are in it (decision 063). */
export function formFromCoupon(c: AdminCoupon, currency: string): CouponFormState {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    percent: c.kind === 'percent' ? String(c.amount) : '',
    fixed: c.kind === 'fixed' ? majorText(c.amount, currency) : '',
    duration: c.duration,
    periods: String(c.durationPeriods ?? 3),
    expiresOn: c.expiresAt ? localDay(c.expiresAt) : '',
    max: c.maxRedemptions === null ? '' : String(c.maxRedemptions),
    oncePerCustomer: c.oncePerCustomer,
    firstOrderOnly: c.firstOrderOnly,
    games: c.games,
    plans: c.plans,
    packs: c.packs,
  };
}

/** "" stays empty (no limit); anything else is a number, NaN when it is not one, so the schema says so. */
function wholeOrNull(text: string): number | null {
  const t = text.trim();
  return t === '' ? null : Number(t);
}

/** The fixed amount typed, in `currency`'s minor unit ("5.00" EUR → 500, "500" JPY → 500), or why not. */
export function fixedAmount(s: CouponFormState, currency: string): MajorAmount {
  return readMajorAmount(s.fixed, currency, { required: true, positive: true });
}

/** The coupon expires at the end of the chosen day, in the staff member's time zone. */
function endOfDay(day: string): string | null {
  return day ? new Date(`${day}T23:59:59`).toISOString() : null;
}

export function editInput(s: CouponFormState): CouponEditInput {
  return {
    description: s.description,
    expiresAt: endOfDay(s.expiresOn),
    maxRedemptions: wholeOrNull(s.max),
    oncePerCustomer: s.oncePerCustomer,
    firstOrderOnly: s.firstOrderOnly,
    games: s.games,
    plans: s.plans,
    packs: s.packs,
  };
}

export function createInput(s: CouponFormState, currency: string): CouponCreateInput {
  const fixed = fixedAmount(s, currency);
  return {
    ...editInput(s),
    code: s.code,
    kind: s.kind,
    amount: s.kind === 'percent' ? (wholeOrNull(s.percent) ?? Number.NaN) : fixed.ok ? (fixed.minor ?? Number.NaN) : Number.NaN,
    duration: s.duration,
    durationPeriods: s.duration === 'repeating' ? wholeOrNull(s.periods) : null,
  };
}

/** Zod issues as one message per top-level field; `amount` is shown on the field that was typed. */
export function issuesByField(issues: { path: PropertyKey[]; message: string }[], kind: CouponKind): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    let key = String(issue.path[0] ?? 'form');
    if (key === 'amount') key = kind === 'percent' ? 'percent' : 'fixed';
    if (key === 'durationPeriods') key = 'periods';
    if (key === 'maxRedemptions') key = 'max';
    if (key === 'expiresAt') key = 'expiresOn';
    out[key] ??= issue.message;
  }
  return out;
}
