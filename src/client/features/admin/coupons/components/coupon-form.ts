import type { CouponDuration, CouponKind } from '../../../../../shared/coupons';
import type { AdminCoupon, CouponCreateInput, CouponEditInput } from '../../../../../shared/schemas/admin/coupons';

/** The coupon form as typed: strings for numbers, dollars for a fixed amount, a day for the expiry. */
export interface CouponFormState {
  code: string;
  description: string;
  kind: CouponKind;
  percent: string;
  dollars: string;
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
  dollars: '',
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

export function formFromCoupon(c: AdminCoupon): CouponFormState {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind,
    percent: c.kind === 'percent' ? String(c.amount) : '',
    dollars: c.kind === 'fixed' ? (c.amount / 100).toFixed(2) : '',
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

/** "$5", "5.00" → 500 cents. */
function dollarsToCents(text: string): number {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return t === '' ? Number.NaN : Math.round(Number(t) * 100);
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

export function createInput(s: CouponFormState): CouponCreateInput {
  return {
    ...editInput(s),
    code: s.code,
    kind: s.kind,
    amount: s.kind === 'percent' ? (wholeOrNull(s.percent) ?? Number.NaN) : dollarsToCents(s.dollars),
    duration: s.duration,
    durationPeriods: s.duration === 'repeating' ? wholeOrNull(s.periods) : null,
  };
}

/** Zod issues as one message per top-level field; `amount` is shown on the field that was typed. */
export function issuesByField(issues: { path: PropertyKey[]; message: string }[], kind: CouponKind): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    let key = String(issue.path[0] ?? 'form');
    if (key === 'amount') key = kind === 'percent' ? 'percent' : 'dollars';
    if (key === 'durationPeriods') key = 'periods';
    if (key === 'maxRedemptions') key = 'max';
    if (key === 'expiresAt') key = 'expiresOn';
    out[key] ??= issue.message;
  }
  return out;
}
