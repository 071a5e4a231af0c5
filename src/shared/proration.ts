/**
 * Proration: what a change in the middle of a billing period costs (or gives back) for the rest
 * of that period. One rule for plan changes and for a region move's price difference.
 *
 * The rule (decision 024):
 * - The period runs from `start` (inclusive) to `end` (exclusive), in whole seconds.
 * - The second in progress counts as left: at `start` + 0.4 s the whole period is left, at
 *   `end` − 1 ms one second is left, at `end` or later none is.
 * - amount = (new period price − current period price) × seconds left ÷ seconds in the period,
 *   computed exactly in integers and rounded once to the cent, half away from zero. A positive
 *   amount is charged now, a negative one is credited; a change and its reverse at the same
 *   instant are exact opposites.
 * - Both prices are what the whole period costs (after the billing-period discount and any
 *   coupon), each already an integer number of cents; tax is added to the prorated amount
 *   afterwards by shared/tax.ts, which rounds on its own.
 */

export interface ProrationInput {
  /** When the current period began (the last renewal, or the purchase). */
  periodStart: Date;
  /** When it ends: the next renewal. */
  periodEnd: Date;
  /** The moment of the change. */
  at: Date;
  /** What the whole current period costs on the current terms, in cents. */
  fromCents: number;
  /** What the whole current period would cost on the new terms, in cents. */
  toCents: number;
}

export interface Proration {
  secondsInPeriod: number;
  secondsLeft: number;
  /** toCents − fromCents: the difference over the whole period. */
  differenceCents: number;
  /** The difference for the seconds left, rounded once: > 0 charge now, < 0 credit, 0 nothing. */
  amountCents: number;
}

const MS = 1000;

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a whole number of cents, not ${value}`);
}

/** Whole seconds in [start, end): a period that ends mid-second counts that second. */
export function secondsInPeriod(periodStart: Date, periodEnd: Date): number {
  const ms = periodEnd.getTime() - periodStart.getTime();
  if (!Number.isFinite(ms) || ms <= 0) throw new RangeError('A billing period must end after it starts');
  return Math.ceil(ms / MS);
}

/** Seconds of the period still to come at `at`, the second in progress included; 0 once it has ended. */
export function secondsLeft(periodStart: Date, periodEnd: Date, at: Date): number {
  const total = secondsInPeriod(periodStart, periodEnd);
  const atMs = at.getTime();
  if (!Number.isFinite(atMs)) throw new RangeError('The moment of a change must be a valid date');
  if (atMs <= periodStart.getTime()) return total;
  const elapsed = Math.floor((atMs - periodStart.getTime()) / MS);
  return Math.max(0, total - elapsed);
}

/** round(numerator ÷ denominator), half away from zero, exactly (BigInt: no float error at any size). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const q = n / denominator;
  const rounded = (n - q * denominator) * 2n >= denominator ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/** Scales a whole-period amount to the seconds left, rounded once, half away from zero. */
export function prorateCents(amountCents: number, left: number, total: number): number {
  assertCents('amountCents', amountCents);
  if (!Number.isInteger(total) || total <= 0) throw new RangeError('A period has at least one second');
  if (!Number.isInteger(left) || left < 0 || left > total) throw new RangeError(`Seconds left must be 0 to ${total}`);
  return Number(divideRounded(BigInt(amountCents) * BigInt(left), BigInt(total)));
}

/** What changing from `fromCents` to `toCents` per period costs at `at`, for the rest of the period. */
export function prorate(input: ProrationInput): Proration {
  assertCents('fromCents', input.fromCents);
  assertCents('toCents', input.toCents);
  const total = secondsInPeriod(input.periodStart, input.periodEnd);
  const left = secondsLeft(input.periodStart, input.periodEnd, input.at);
  const differenceCents = input.toCents - input.fromCents;
  return { secondsInPeriod: total, secondsLeft: left, differenceCents, amountCents: prorateCents(differenceCents, left, total) };
}

/** Adds whole months in UTC, clamping to the month's last day (31 Jan + 1 month = 28 or 29 Feb). */
export function addMonthsUtc(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/**
 * The period that ends at `periodEnd`, for a service billed every `months` months since `anchor`
 * (its first payment): periods are always counted from the anchor, so a service bought on 31 Jan
 * has a period 28 Feb – 31 Mar, not 31 Feb clamped twice.
 */
export function currentPeriod(periodEnd: Date, months: number, anchor: Date): { start: Date; end: Date } {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`A billing period is a whole number of months, not ${months}`);
  const elapsed =
    (periodEnd.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + (periodEnd.getUTCMonth() - anchor.getUTCMonth());
  // The start falls in an earlier calendar month than the end, so it is always before it; a renewal
  // moved by hand to another day keeps the anchor's day for the start.
  return { start: addMonthsUtc(anchor, elapsed - months), end: periodEnd };
}
