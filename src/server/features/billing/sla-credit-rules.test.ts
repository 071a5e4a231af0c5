import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../shared/business-rules';
import { claimClosesAt, measureNode, monthFeeCents, monthLabel, monthRange, slaCredit } from './sla-credit';

const rules = { slaCredits: defaultBusinessRules.slaCredits, slaCreditCapPercent: defaultBusinessRules.slaCreditCapPercent };
const at = (iso: string) => new Date(iso);

describe('the SLA credit rules', () => {
  it('takes a month as UTC bounds, and names it in the reader language', () => {
    expect(monthRange('2026-12')).toEqual({ start: at('2026-12-01T00:00:00Z'), end: at('2027-01-01T00:00:00Z') });
    expect(monthLabel('2026-10')).toBe('October 2026');
    expect(monthLabel('2026-10', 'de')).toBe('Oktober 2026');
    expect(claimClosesAt('2026-10', 30)).toEqual(at('2026-12-01T00:00:00Z'));
  });

  it('prices the month by the share of each paid period that falls in it', () => {
    const oct = monthRange('2026-10');
    // Paid 15 Sep–15 Oct (3000) and 15 Oct–15 Nov (3100): 14 of 30 days, then 17 of 31 days.
    const fee = monthFeeCents(
      [
        { start: at('2026-09-15T00:00:00Z'), end: at('2026-10-15T00:00:00Z'), amountCents: 3000 },
        { start: at('2026-10-15T00:00:00Z'), end: at('2026-11-15T00:00:00Z'), amountCents: 3100 },
      ],
      oct,
    );
    expect(fee).toBe(1400 + 1700);
    expect(monthFeeCents([], oct)).toBe(0);
  });

  it('never prices a month above what the periods covering it cost', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ offsetDays: fc.integer({ min: -60, max: 60 }), days: fc.integer({ min: 1, max: 92 }), amountCents: fc.integer({ min: 0, max: 100_000 })})), (raw) => {
        const base = Date.UTC(2026, 9, 1);
        const periods = raw.map((p) => ({ start: new Date(base + p.offsetDays * 86_400_000), end: new Date(base + (p.offsetDays + p.days) * 86_400_000), amountCents: p.amountCents }));
        const fee = monthFeeCents(periods, monthRange('2026-10'));
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee).toBeLessThanOrEqual(periods.reduce((s, p) => s + p.amountCents, 0));
      }),
    );
  });

  it('gives the worst tier matched, rounded down, and never more than the cap', () => {
    expect(slaCredit(2000, 99.9, rules)).toEqual({ percent: 0, cents: 0 });
    expect(slaCredit(2000, 99.4, rules)).toEqual({ percent: 10, cents: 200 });
    expect(slaCredit(2001, 98, rules)).toEqual({ percent: 25, cents: 500 });
    expect(slaCredit(2000, 10, { ...rules, slaCreditCapPercent: 50 })).toEqual({ percent: 50, cents: 1000 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.double({ min: 0, max: 100, noNaN: true }), fc.integer({ min: 50, max: 100 }), (fee, uptime, cap) => {
        const { cents } = slaCredit(fee, uptime, { ...rules, slaCreditCapPercent: cap });
        expect(Number.isInteger(cents)).toBe(true);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual((fee * cap) / 100);
      }),
    );
  });

  it('measures a node from its checks, leaves out down checks announced maintenance covered, and claims nothing without checks', () => {
    const oct = monthRange('2026-10');
    const days = [
      { day: '2026-10-01', up: 1440, degraded: 0, down: 0 },
      { day: '2026-10-02', up: 1300, degraded: 20, down: 120 },
      { day: '2026-11-01', up: 0, degraded: 0, down: 1440 },
    ];
    expect(measureNode(days, oct, [])).toMatchObject({ checks: 2880, answering: 2760, down: 120, excludedDown: 0, uptimePercent: 95.83, expectedChecks: 31 * 1440 });
    // An hour of maintenance on the 2nd leaves out 60 of the 120 down checks.
    const maintenance = [{ start: at('2026-10-02T01:00:00Z'), end: at('2026-10-02T02:00:00Z') }];
    expect(measureNode(days, oct, maintenance)).toMatchObject({ excludedDown: 60, uptimePercent: 97.87 });
    expect(measureNode([], oct, []).uptimePercent).toBeNull();
  });
});
