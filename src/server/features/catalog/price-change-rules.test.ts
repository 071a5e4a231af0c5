import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextRenewalDate } from '../../lib/renewal-dates';
import { appliesFrom, decidePriceChange, firstPeriodOnOrAfter, type BillingCalendar } from './price-change-rules';

const d = (iso: string) => new Date(iso);
const DAY = 24 * 60 * 60 * 1000;

function monthly(nextUnbilled: string, anchor = nextUnbilled): BillingCalendar {
  return { nextUnbilled: d(nextUnbilled), months: 1, anchor: d(anchor) };
}

describe('price change notice dates', () => {
  it('a rise waits for the first renewal at least 30 days after the notice', () => {
    // Notice on 1 March; the renewal of 15 March is too soon, so the new price starts on 15 April.
    expect(appliesFrom('increase', d('2025-03-01T10:00:00Z'), monthly('2025-03-15T10:00:00Z', '2025-01-15T10:00:00Z'))).toEqual(
      d('2025-04-15T10:00:00Z'),
    );
  });

  it('a renewal exactly 30 days after the notice already charges the new price', () => {
    expect(appliesFrom('increase', d('2025-03-01T10:00:00Z'), monthly('2025-03-31T10:00:00Z'))).toEqual(d('2025-03-31T10:00:00Z'));
  });

  it('a renewal one second short of 30 days does not', () => {
    expect(appliesFrom('increase', d('2025-03-01T10:00:01Z'), monthly('2025-03-31T10:00:00Z', '2025-01-31T10:00:00Z'))).toEqual(
      d('2025-04-30T10:00:00Z'),
    );
  });

  it('walks the service calendar with month-end clamping: 31 Jan, 28 Feb, 31 Mar', () => {
    // Anchored on 31 January; notice on 10 February: 28 February is too soon, 31 March is the date.
    expect(appliesFrom('increase', d('2025-02-10T00:00:00Z'), monthly('2025-02-28T00:00:00Z', '2025-01-31T00:00:00Z'))).toEqual(
      d('2025-03-31T00:00:00Z'),
    );
  });

  it('leap years: a notice on 30 January 2024 reaches the 29 February renewal, one on 31 January does not', () => {
    const calendar = monthly('2024-02-29T00:00:00Z', '2024-01-29T00:00:00Z');
    expect(appliesFrom('increase', d('2024-01-30T00:00:00Z'), calendar)).toEqual(d('2024-02-29T00:00:00Z'));
    expect(appliesFrom('increase', d('2024-01-31T00:00:00Z'), calendar)).toEqual(d('2024-03-29T00:00:00Z'));
  });

  it('a yearly service waits for its next yearly renewal', () => {
    const calendar: BillingCalendar = { nextUnbilled: d('2025-03-20T00:00:00Z'), months: 12, anchor: d('2024-03-20T00:00:00Z') };
    expect(appliesFrom('increase', d('2025-03-01T00:00:00Z'), calendar)).toEqual(d('2026-03-20T00:00:00Z'));
  });

  it('a fall applies at the next renewal not yet opened, however soon', () => {
    expect(appliesFrom('decrease', d('2025-03-14T23:00:00Z'), monthly('2025-03-15T00:00:00Z'))).toEqual(d('2025-03-15T00:00:00Z'));
  });

  it('always lands on one of the service renewal dates, at least 30 days after the notice, and no later than needed', () => {
    fc.assert(
      fc.property(
        fc.date({ min: d('2020-01-01T00:00:00Z'), max: d('2030-01-01T00:00:00Z'), noInvalidDate: true }),
        fc.constantFrom(1, 3, 6, 12),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 40 }),
        (anchor, months, daysUntilRenewal, periodsPassed) => {
          let next = anchor;
          for (let i = 0; i < periodsPassed; i += 1) next = nextRenewalDate(next, months, anchor);
          const calendar = { nextUnbilled: next, months, anchor };
          const noticeAt = new Date(next.getTime() - daysUntilRenewal * DAY);
          const start = appliesFrom('increase', noticeAt, calendar);
          expect(start.getTime() - noticeAt.getTime()).toBeGreaterThanOrEqual(30 * DAY);
          expect(firstPeriodOnOrAfter(start, calendar)).toEqual(start);
          const before = start.getTime() === next.getTime() ? null : walkBack(start, calendar);
          if (before) expect(before.getTime() - noticeAt.getTime()).toBeLessThan(30 * DAY);
        },
      ),
    );
  });
});

/** The renewal just before `start` on the calendar. */
function walkBack(start: Date, calendar: BillingCalendar): Date {
  let prev = calendar.nextUnbilled;
  for (let cur = prev; cur.getTime() < start.getTime(); cur = nextRenewalDate(cur, calendar.months, calendar.anchor)) prev = cur;
  return prev;
}

describe('what a new catalog version means for one service', () => {
  const calendar = monthly('2025-03-15T00:00:00Z', '2025-01-15T00:00:00Z');
  const noticeAt = d('2025-03-01T00:00:00Z');

  it('an unchanged price says nothing', () => {
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1400, pending: null, noticeAt, calendar })).toEqual({ action: 'keep' });
  });

  it('a rise is announced with 30 days notice', () => {
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1600, pending: null, noticeAt, calendar })).toEqual({
      action: 'announce',
      kind: 'increase',
      newCents: 1600,
      appliesFrom: d('2025-04-15T00:00:00Z'),
    });
  });

  it('a fall is announced for the next renewal', () => {
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1200, pending: null, noticeAt, calendar })).toEqual({
      action: 'announce',
      kind: 'decrease',
      newCents: 1200,
      appliesFrom: d('2025-03-15T00:00:00Z'),
    });
  });

  it('going back to the current price calls off the announced change', () => {
    const pending = { newCents: 1600, appliesFrom: d('2025-04-15T00:00:00Z') };
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1400, pending, noticeAt, calendar })).toEqual({ action: 'withdraw' });
  });

  it('the same price as announced needs no new notice', () => {
    const pending = { newCents: 1600, appliesFrom: d('2025-04-15T00:00:00Z') };
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1600, pending, noticeAt: d('2025-03-20T00:00:00Z'), calendar })).toEqual({
      action: 'keep',
    });
  });

  it('a smaller rise than announced keeps the announced date; a bigger one starts a new 30 days', () => {
    const pending = { newCents: 1600, appliesFrom: d('2025-04-15T00:00:00Z') };
    const later = d('2025-03-20T00:00:00Z');
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1500, pending, noticeAt: later, calendar })).toMatchObject({
      kind: 'increase',
      appliesFrom: d('2025-04-15T00:00:00Z'),
    });
    expect(decidePriceChange({ currentCents: 1400, targetCents: 1700, pending, noticeAt: later, calendar })).toMatchObject({
      kind: 'increase',
      appliesFrom: d('2025-05-15T00:00:00Z'),
    });
  });
});
