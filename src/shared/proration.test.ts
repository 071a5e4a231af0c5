import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonthsUtc, currentPeriod, prorate, prorateCents, secondsInPeriod, secondsLeft } from './proration';

const utc = (iso: string) => new Date(`${iso}Z`);
const DAY = 86_400;

describe('secondsLeft', () => {
  const start = utc('2026-03-01T00:00:00');
  const end = utc('2026-04-01T00:00:00');
  const total = 31 * DAY;

  it('counts the whole period at its first second, the second in progress included', () => {
    expect(secondsInPeriod(start, end)).toBe(total);
    expect(secondsLeft(start, end, start)).toBe(total);
    expect(secondsLeft(start, end, new Date(start.getTime() + 999))).toBe(total);
    expect(secondsLeft(start, end, new Date(start.getTime() + 1000))).toBe(total - 1);
  });

  it('leaves one second in the last second, and none from the end on', () => {
    expect(secondsLeft(start, end, new Date(end.getTime() - 1000))).toBe(1);
    expect(secondsLeft(start, end, new Date(end.getTime() - 1))).toBe(1);
    expect(secondsLeft(start, end, end)).toBe(0);
    expect(secondsLeft(start, end, new Date(end.getTime() + 5 * DAY * 1000))).toBe(0);
  });

  it('treats a moment before the start as the whole period', () => {
    expect(secondsLeft(start, end, utc('2026-02-27T10:00:00'))).toBe(total);
  });

  it('refuses a period that does not end after it starts', () => {
    expect(() => secondsInPeriod(end, start)).toThrow(RangeError);
    expect(() => secondsInPeriod(start, start)).toThrow(RangeError);
    expect(() => secondsLeft(start, end, new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('prorate', () => {
  it('charges the whole difference at the first second and nothing at the end', () => {
    const base = { periodStart: utc('2026-03-01T00:00:00'), periodEnd: utc('2026-04-01T00:00:00'), fromCents: 1400, toCents: 2400 };
    expect(prorate({ ...base, at: base.periodStart })).toEqual({ secondsInPeriod: 31 * DAY, secondsLeft: 31 * DAY, differenceCents: 1000, amountCents: 1000 });
    expect(prorate({ ...base, at: base.periodEnd }).amountCents).toBe(0);
  });

  it('half the period left is half the difference; a 2GB → 4GB upgrade in mid-March', () => {
    // 31 days; 15.5 days left: $10.00 × 1,339,200 / 2,678,400 = $5.00.
    const r = prorate({ periodStart: utc('2026-03-01T00:00:00'), periodEnd: utc('2026-04-01T00:00:00'), at: utc('2026-03-16T12:00:00'), fromCents: 1400, toCents: 2400 });
    expect(r.secondsLeft).toBe(1_339_200);
    expect(r.amountCents).toBe(500);
  });

  it('rounds once, half away from zero, so a downgrade credits exactly what the upgrade charged', () => {
    // 1 cent over 2 seconds with 1 left: 0.5 → 1 (and −1 the other way).
    const period = { periodStart: utc('2026-03-01T00:00:00'), periodEnd: utc('2026-03-01T00:00:02') };
    const at = utc('2026-03-01T00:00:01');
    expect(prorate({ ...period, at, fromCents: 0, toCents: 1 }).amountCents).toBe(1);
    expect(prorate({ ...period, at, fromCents: 1, toCents: 0 }).amountCents).toBe(-1);
    // 1000 × 1/3 = 333.33 → 333; 1000 × 2/3 = 666.67 → 667.
    expect(prorateCents(1000, 1, 3)).toBe(333);
    expect(prorateCents(1000, 2, 3)).toBe(667);
    expect(prorateCents(-1000, 2, 3)).toBe(-667);
  });

  it('charges a fraction of a cent as nothing in the last second of a month', () => {
    const end = utc('2026-04-01T00:00:00');
    const r = prorate({ periodStart: utc('2026-03-01T00:00:00'), periodEnd: end, at: new Date(end.getTime() - 1000), fromCents: 1400, toCents: 2400 });
    expect(r.secondsLeft).toBe(1);
    expect(r.amountCents).toBe(0); // 1000 / 2,678,400
    // A yearly plan's difference of $10,000 in its last second: 1,000,000 / 31,536,000 = 0.03 → 0.
    expect(prorateCents(1_000_000, 1, 365 * DAY)).toBe(0);
    // In its first second a big difference keeps every cent.
    expect(prorateCents(1_000_000, 365 * DAY, 365 * DAY)).toBe(1_000_000);
  });

  it('counts February by its own length in leap and common years', () => {
    const leap = prorate({ periodStart: utc('2028-02-01T00:00:00'), periodEnd: utc('2028-03-01T00:00:00'), at: utc('2028-02-15T00:00:00'), fromCents: 0, toCents: 2900 });
    expect(leap.secondsInPeriod).toBe(29 * DAY);
    expect(leap.amountCents).toBe(1500); // 15 of 29 days left
    const common = prorate({ periodStart: utc('2027-02-01T00:00:00'), periodEnd: utc('2027-03-01T00:00:00'), at: utc('2027-02-15T00:00:00'), fromCents: 0, toCents: 2800 });
    expect(common.secondsInPeriod).toBe(28 * DAY);
    expect(common.amountCents).toBe(1400); // 14 of 28 days left
    // A leap day in the period: 29 Feb itself is a day like the others.
    const onLeapDay = prorate({ periodStart: utc('2028-02-01T00:00:00'), periodEnd: utc('2028-03-01T00:00:00'), at: utc('2028-02-29T00:00:00'), fromCents: 0, toCents: 2900 });
    expect(onLeapDay.amountCents).toBe(100);
  });

  it('refuses amounts that are not whole cents', () => {
    const base = { periodStart: utc('2026-03-01T00:00:00'), periodEnd: utc('2026-04-01T00:00:00'), at: utc('2026-03-02T00:00:00') };
    expect(() => prorate({ ...base, fromCents: 1.5, toCents: 2 })).toThrow(RangeError);
    expect(() => prorate({ ...base, fromCents: 1, toCents: Number.NaN })).toThrow(RangeError);
    expect(() => prorateCents(100, 4, 3)).toThrow(RangeError);
    expect(() => prorateCents(100, -1, 3)).toThrow(RangeError);
  });
});

describe('currentPeriod', () => {
  it('counts month ends from the anchor: 31 Jan → 28 Feb → 31 Mar', () => {
    const anchor = utc('2026-01-31T09:30:00');
    expect(currentPeriod(utc('2026-02-28T09:30:00'), 1, anchor)).toEqual({ start: anchor, end: utc('2026-02-28T09:30:00') });
    expect(currentPeriod(utc('2026-03-31T09:30:00'), 1, anchor).start).toEqual(utc('2026-02-28T09:30:00'));
    expect(secondsInPeriod(utc('2026-02-28T09:30:00'), utc('2026-03-31T09:30:00'))).toBe(31 * DAY);
  });

  it('finds a yearly period from a leap day', () => {
    const anchor = utc('2028-02-29T12:00:00');
    const p = currentPeriod(utc('2029-02-28T12:00:00'), 12, anchor);
    expect(p.start).toEqual(anchor);
    expect(secondsInPeriod(p.start, p.end)).toBe(365 * DAY);
    expect(currentPeriod(utc('2032-02-29T12:00:00'), 12, anchor).start).toEqual(utc('2031-02-28T12:00:00'));
  });

  it("keeps the anchor's day for the start when a renewal was moved to another day", () => {
    const p = currentPeriod(utc('2026-05-10T00:00:00'), 1, utc('2026-01-20T00:00:00'));
    expect(p.start).toEqual(utc('2026-04-20T00:00:00'));
  });

  it('refuses a period that is not whole months', () => {
    expect(() => currentPeriod(utc('2026-05-10T00:00:00'), 0, utc('2026-01-20T00:00:00'))).toThrow(RangeError);
  });
});

// Any instant from 2000 to 2100, on whole milliseconds.
const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms));
const months = fc.constantFrom(1, 3, 6, 12);
const cents = fc.integer({ min: -10_000_000, max: 10_000_000 });

/** A period as renewals make it: `k` periods of `m` months after an anchor, any month end or leap day included. */
const period = fc.tuple(instant, months, fc.integer({ min: 1, max: 40 })).map(([anchor, m, k]) => {
  const end = addMonthsUtc(anchor, k * m);
  return { anchor, months: m, k, end, start: currentPeriod(end, m, anchor).start };
});

describe('proration properties', () => {
  it('the period renewals make is the one proration sees (any anchor, month end or leap day)', () => {
    fc.assert(
      fc.property(period, ({ anchor, months: m, k, start, end }) => {
        expect(start).toEqual(addMonthsUtc(anchor, (k - 1) * m));
        expect(start.getTime()).toBeLessThan(end.getTime());
        // A period is 28 to 31 days a month.
        const days = secondsInPeriod(start, end) / DAY;
        expect(days).toBeGreaterThanOrEqual(28 * m - (m > 1 ? 3 : 0));
        expect(days).toBeLessThanOrEqual(31 * m);
      }),
    );
  });

  it('is within half a cent of the exact share, and never more than the whole difference', () => {
    fc.assert(
      fc.property(period, fc.double({ min: 0, max: 1, noNaN: true }), cents, cents, ({ start, end }, f, from, to) => {
        const at = new Date(start.getTime() + Math.floor(f * (end.getTime() - start.getTime())));
        const r = prorate({ periodStart: start, periodEnd: end, at, fromCents: from, toCents: to });
        const exact = ((to - from) * r.secondsLeft) / r.secondsInPeriod;
        expect(Math.abs(r.amountCents - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(Math.abs(r.amountCents)).toBeLessThanOrEqual(Math.abs(to - from));
        expect(Math.sign(r.amountCents) * Math.sign(to - from)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('at the first second is the whole difference; in the last second at most what one second is worth; at the end nothing', () => {
    fc.assert(
      fc.property(period, cents, cents, fc.integer({ min: 0, max: 999 }), ({ start, end }, from, to, ms) => {
        const first = prorate({ periodStart: start, periodEnd: end, at: new Date(start.getTime() + ms), fromCents: from, toCents: to });
        expect(first.amountCents).toBe(to - from);
        const last = prorate({ periodStart: start, periodEnd: end, at: new Date(end.getTime() - 1 - ms), fromCents: from, toCents: to });
        expect(last.secondsLeft).toBe(1);
        expect(Math.abs(last.amountCents)).toBeLessThanOrEqual(Math.ceil(Math.abs(to - from) / last.secondsInPeriod));
        const after = prorate({ periodStart: start, periodEnd: end, at: new Date(end.getTime() + ms), fromCents: from, toCents: to });
        expect(after.amountCents).toBe(0);
      }),
    );
  });

  it('a change and its reverse are exact opposites; a later change never costs more', () => {
    fc.assert(
      fc.property(period, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), cents, cents, ({ start, end }, f1, f2, from, to) => {
        const span = end.getTime() - start.getTime();
        const [a, b] = [f1, f2].sort((x, y) => x - y).map((f) => new Date(start.getTime() + Math.floor(f! * span)));
        const up = prorate({ periodStart: start, periodEnd: end, at: a!, fromCents: from, toCents: to });
        const down = prorate({ periodStart: start, periodEnd: end, at: a!, fromCents: to, toCents: from });
        expect(up.amountCents + down.amountCents).toBe(0);
        const later = prorate({ periodStart: start, periodEnd: end, at: b!, fromCents: from, toCents: to });
        expect(Math.abs(later.amountCents)).toBeLessThanOrEqual(Math.abs(up.amountCents));
      }),
    );
  });

  it('two changes in a row cost the one change, give or take a cent of rounding', () => {
    fc.assert(
      fc.property(period, fc.double({ min: 0, max: 1, noNaN: true }), cents, cents, cents, ({ start, end }, f, a, b, c) => {
        const at = new Date(start.getTime() + Math.floor(f * (end.getTime() - start.getTime())));
        const p = (from: number, to: number) => prorate({ periodStart: start, periodEnd: end, at, fromCents: from, toCents: to }).amountCents;
        expect(Math.abs(p(a, b) + p(b, c) - p(a, c))).toBeLessThanOrEqual(1);
      }),
    );
  });
});
