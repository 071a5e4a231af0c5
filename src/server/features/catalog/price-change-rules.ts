import { policy } from '../../../shared/policy';
import { nextRenewalDate } from '../../lib/renewal-dates';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A service's billing calendar, as the renewal job counts it. */
export interface BillingCalendar {
  /** The start of the next period no renewal has been opened for yet. */
  nextUnbilled: Date;
  months: number;
  /** The first payment; periods are counted from it, with month-end clamping. */
  anchor: Date;
}

/** The change already announced to the customer and not yet charged, if any. */
export interface PendingChange {
  newCents: number;
  appliesFrom: Date;
}

export type PriceDecision =
  | { action: 'keep' }
  /** The announced change no longer holds and the price stays as it is: call it off. */
  | { action: 'withdraw' }
  /** Announce (replacing any pending change): `newCents` from the period starting `appliesFrom`. */
  | { action: 'announce'; kind: 'increase' | 'decrease'; newCents: number; appliesFrom: Date };

/** The first period start on or after `earliest`, walking the service's own calendar. */
export function firstPeriodOnOrAfter(earliest: Date, calendar: BillingCalendar): Date {
  let start = calendar.nextUnbilled;
  while (start.getTime() < earliest.getTime()) start = nextRenewalDate(start, calendar.months, calendar.anchor);
  return start;
}

/**
 * When a price change announced at `noticeAt` is first charged. A higher price waits for the
 * first renewal at least 30 days after the notice (a renewal exactly 30 days later counts); a
 * lower price applies at the next renewal not yet opened.
 */
export function appliesFrom(kind: 'increase' | 'decrease', noticeAt: Date, calendar: BillingCalendar): Date {
  if (kind === 'decrease') return calendar.nextUnbilled;
  return firstPeriodOnOrAfter(new Date(noticeAt.getTime() + policy.priceChangeNoticeDays * DAY_MS), calendar);
}

/**
 * What a new catalog version means for one service charged `currentCents` a period, which the
 * new catalog would price at `targetCents`.
 *
 * - The same as now: any pending change is called off (or nothing happens if there is none).
 * - The same as the pending change: nothing new to say.
 * - Lower than now: announced for the next renewal.
 * - Higher than now: announced with 30 days' notice. A rise no bigger than one already announced
 *   keeps that announcement's date, since the customer has already had notice of more.
 */
export function decidePriceChange(input: {
  currentCents: number;
  targetCents: number;
  pending: PendingChange | null;
  noticeAt: Date;
  calendar: BillingCalendar;
}): PriceDecision {
  const { currentCents, targetCents, pending, noticeAt, calendar } = input;
  if (pending && pending.newCents === targetCents) return { action: 'keep' };
  if (targetCents === currentCents) return pending ? { action: 'withdraw' } : { action: 'keep' };
  if (targetCents < currentCents) {
    return { action: 'announce', kind: 'decrease', newCents: targetCents, appliesFrom: appliesFrom('decrease', noticeAt, calendar) };
  }
  const date =
    pending && pending.newCents > targetCents && pending.appliesFrom.getTime() >= calendar.nextUnbilled.getTime()
      ? pending.appliesFrom
      : appliesFrom('increase', noticeAt, calendar);
  return { action: 'announce', kind: 'increase', newCents: targetCents, appliesFrom: date };
}
