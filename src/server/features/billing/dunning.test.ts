import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsClamped, nextRenewalDate } from '../../lib/renewal-dates';
import { dueDunningStep, nextDunningStep, retryDateAfterFailure, type DunningState } from './dunning';

const d = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;
const due = d('2030-03-10T08:00:00Z');
const plus = (days: number) => new Date(due.getTime() + days * DAY);

describe('billing dates', () => {
  it('clamps to the end of a shorter month', () => {
    expect(addMonthsClamped(d('2030-01-31T10:00:00Z'), 1)).toEqual(d('2030-02-28T10:00:00Z'));
    expect(addMonthsClamped(d('2032-01-31T10:00:00Z'), 1)).toEqual(d('2032-02-29T10:00:00Z'));
    expect(addMonthsClamped(d('2030-03-31T00:00:00Z'), 1)).toEqual(d('2030-04-30T00:00:00Z'));
    expect(addMonthsClamped(d('2030-11-30T00:00:00Z'), 3)).toEqual(d('2031-02-28T00:00:00Z'));
    expect(addMonthsClamped(d('2030-12-15T00:00:00Z'), 12)).toEqual(d('2031-12-15T00:00:00Z'));
  });

  it('keeps the billing day of the first payment after a clamped month', () => {
    const paid = d('2030-01-31T10:00:00Z');
    const feb = nextRenewalDate(paid, 1);
    expect(feb).toEqual(d('2030-02-28T10:00:00Z'));
    expect(nextRenewalDate(feb, 1, paid)).toEqual(d('2030-03-31T10:00:00Z'));
    expect(nextRenewalDate(d('2030-03-31T10:00:00Z'), 1, paid)).toEqual(d('2030-04-30T10:00:00Z'));
    expect(nextRenewalDate(d('2030-04-30T10:00:00Z'), 3, paid)).toEqual(d('2030-07-31T10:00:00Z'));
  });

  it('refuses a period that is not a whole number of months', () => {
    expect(() => nextRenewalDate(due, 0)).toThrow();
    expect(() => nextRenewalDate(due, 1.5)).toThrow();
  });

  it('always lands in the right month, on the paid day or the last day of that month', () => {
    fc.assert(
      fc.property(
        fc.date({ min: d('2000-01-01T00:00:00Z'), max: d('2090-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 36 }),
        (start, months) => {
          const next = nextRenewalDate(start, months);
          const monthIndex = start.getUTCFullYear() * 12 + start.getUTCMonth() + months;
          expect(next.getUTCFullYear() * 12 + next.getUTCMonth()).toBe(monthIndex);
          const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
          expect(next.getUTCDate()).toBe(Math.min(start.getUTCDate(), lastDay));
          expect(next.getTime() % DAY).toBe(start.getTime() % DAY);
          expect(next > start).toBe(true);
        },
      ),
    );
  });

  it('never drifts: renewing period by period from the first payment equals jumping there at once', () => {
    fc.assert(
      fc.property(
        fc.date({ min: d('2000-01-01T00:00:00Z'), max: d('2080-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(1, 3, 6, 12),
        fc.integer({ min: 1, max: 24 }),
        (paid, months, periods) => {
          let at = paid;
          for (let i = 0; i < periods; i += 1) at = nextRenewalDate(at, months, paid);
          expect(at).toEqual(addMonthsClamped(paid, months * periods));
        },
      ),
    );
  });
});

describe('dunning', () => {
  const unpaid: DunningState = { dueAt: due, attempts: 0, lastAttemptAt: null, suspended: false };

  it('charges at the due date, retries after 3 days, suspends at 7 and terminates at 30', () => {
    expect(nextDunningStep(unpaid)).toEqual({ action: 'charge', at: due });
    const failedOnce = { ...unpaid, attempts: 1, lastAttemptAt: due };
    expect(nextDunningStep(failedOnce)).toEqual({ action: 'charge', at: plus(3) });
    const failedTwice = { ...failedOnce, attempts: 2, lastAttemptAt: plus(3) };
    expect(nextDunningStep(failedTwice)).toEqual({ action: 'charge', at: plus(6) });
    const failedThrice = { ...failedTwice, attempts: 3, lastAttemptAt: plus(6) };
    expect(nextDunningStep(failedThrice)).toEqual({ action: 'suspend', at: plus(7) });
    const suspended = { ...failedThrice, suspended: true };
    expect(nextDunningStep(suspended)).toEqual({ action: 'charge', at: plus(9) });
    const lastTry = { ...suspended, attempts: 10, lastAttemptAt: plus(27) };
    expect(nextDunningStep(lastTry)).toEqual({ action: 'terminate', at: plus(30) });
  });

  it('answers nothing before the step is due, and the step once it is', () => {
    const failedOnce = { ...unpaid, attempts: 1, lastAttemptAt: due };
    expect(dueDunningStep(failedOnce, new Date(plus(3).getTime() - 1))).toBeNull();
    expect(dueDunningStep(failedOnce, plus(3))).toEqual({ action: 'charge', at: plus(3) });
    expect(dueDunningStep(unpaid, new Date(due.getTime() - 1))).toBeNull();
  });

  it('after a long outage suspends (or terminates) before charging, and does not retry twice in a row', () => {
    // First tried 10 days late: the failure is followed by the overdue suspension, then a retry 3 days on.
    const late = { ...unpaid, attempts: 1, lastAttemptAt: plus(10) };
    expect(dueDunningStep(late, plus(10))).toEqual({ action: 'suspend', at: plus(7) });
    expect(nextDunningStep({ ...late, suspended: true })).toEqual({ action: 'charge', at: plus(13) });
    expect(dueDunningStep({ ...unpaid, suspended: true, attempts: 4, lastAttemptAt: plus(9) }, plus(40))).toEqual({
      action: 'terminate',
      at: plus(30),
    });
  });

  it('names the retry date for the payment-failed email', () => {
    expect(retryDateAfterFailure({ ...unpaid, attempts: 1, lastAttemptAt: due })).toEqual(plus(3));
    expect(retryDateAfterFailure({ ...unpaid, attempts: 3, lastAttemptAt: plus(6) })).toEqual(plus(9));
    expect(retryDateAfterFailure({ ...unpaid, suspended: true, attempts: 10, lastAttemptAt: plus(27) })).toBeNull();
  });

  it('for any unpaid history: never charges before a retry interval, never after termination, never unsuspends', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.option(fc.integer({ min: 0, max: 40 * 24 }), { nil: null }),
        fc.boolean(),
        (attempts, lastHours, suspended) => {
          const lastAttemptAt = attempts === 0 || lastHours === null ? null : new Date(due.getTime() + lastHours * 3600_000);
          const step = nextDunningStep({ dueAt: due, attempts, lastAttemptAt, suspended });
          expect(step.at <= plus(30)).toBe(true);
          if (step.action === 'charge') {
            expect(step.at < plus(30)).toBe(true);
            if (lastAttemptAt) expect(step.at.getTime() - lastAttemptAt.getTime()).toBeGreaterThanOrEqual(3 * DAY);
            if (attempts === 0) expect(step.at).toEqual(due);
          }
          if (step.action === 'suspend') {
            expect(suspended).toBe(false);
            expect(step.at).toEqual(plus(7));
          }
          if (step.action === 'terminate') expect(step.at).toEqual(plus(30));
        },
      ),
    );
  });
});
