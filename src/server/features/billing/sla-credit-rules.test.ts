import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultBusinessRules } from '../../../shared/business-rules';
import { claimClosesAt, measureNode, monthFee, monthFeeCents, monthLabel, monthRange, slaCapCents, slaCredit } from './sla-credit';

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
        { start: at('2026-09-15T00:00:00Z'), end: at('2026-10-15T00:00:00Z'), amountCents: 3000, refundedCents: 0 },
        { start: at('2026-10-15T00:00:00Z'), end: at('2026-11-15T00:00:00Z'), amountCents: 3100, refundedCents: 0 },
      ],
      oct,
    );
    expect(fee).toBe(1400 + 1700);
    expect(monthFeeCents([], oct)).toBe(0);
  });

  it('rounds the fee down, so it never exceeds what was paid', () => {
    // 1000 over 3 days, of which 1 in October: 333.33 is 333, not 333.33 rounded to nearest (or 334).
    const p = { start: at('2026-09-30T00:00:00Z'), end: at('2026-10-03T00:00:00Z'), amountCents: 1000, refundedCents: 0 };
    expect(monthFeeCents([p], monthRange('2026-10'))).toBe(666);
    expect(monthFeeCents([{ ...p, amountCents: 500 }], monthRange('2026-10'))).toBe(333);
    // Shares that are whole on paper stay whole.
    expect(monthFeeCents([{ start: at('2026-10-01T00:00:00Z'), end: at('2026-10-31T00:00:00Z'), amountCents: 1400, refundedCents: 0 }], { start: at('2026-10-01T00:00:00Z'), end: at('2026-10-16T00:00:00Z') })).toBe(700);
  });

  it("takes each period's refunds off its amount before sharing it out, and says how much", () => {
    const oct = monthRange('2026-10');
    const sep = { start: at('2026-09-15T00:00:00Z'), end: at('2026-10-15T00:00:00Z'), amountCents: 3000, refundedCents: 0 };
    const nov = { start: at('2026-10-15T00:00:00Z'), end: at('2026-11-15T00:00:00Z'), amountCents: 3100, refundedCents: 3100 };
    expect(monthFee([sep, nov], oct)).toEqual({ paidCents: 3100, refundedCents: 1700, feeCents: 1400 });
    expect(monthFee([sep, { ...nov, refundedCents: 1550 }], oct)).toEqual({ paidCents: 3100, refundedCents: 850, feeCents: 2250 });
    expect(monthFee([{ ...sep, refundedCents: 3000 }, nov], oct)).toEqual({ paidCents: 3100, refundedCents: 3100, feeCents: 0 });
    // A refund larger than the amount (tax refunded too) never makes the fee negative.
    expect(monthFee([{ ...sep, refundedCents: 9999 }], oct).feeCents).toBe(0);
  });

  it('never prices a month above what the periods covering it cost', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ offsetDays: fc.integer({ min: -60, max: 60 }), days: fc.integer({ min: 1, max: 92 }), amountCents: fc.integer({ min: 0, max: 100_000 }), refundedCents: fc.integer({ min: 0, max: 100_000 }) })), (raw) => {
        const base = Date.UTC(2026, 9, 1);
        const periods = raw.map((p) => ({ start: new Date(base + p.offsetDays * 86_400_000), end: new Date(base + (p.offsetDays + p.days) * 86_400_000), amountCents: p.amountCents, refundedCents: p.refundedCents }));
        const { feeCents: fee, paidCents, refundedCents } = monthFee(periods, monthRange('2026-10'));
        expect(fee).toBeGreaterThanOrEqual(0);
        expect(fee + refundedCents).toBe(paidCents);
        expect(fee).toBeLessThanOrEqual(periods.reduce((s, p) => s + Math.max(0, p.amountCents - p.refundedCents), 0));
      }),
    );
  });

  it('gives the worst tier matched, rounded down, and never more than the cap', () => {
    expect(slaCredit(2000, 99.9, rules)).toEqual({ percent: 0, cents: 0 });
    expect(slaCredit(2000, 99.4, rules)).toEqual({ percent: 10, cents: 200 });
    expect(slaCredit(2001, 98, rules)).toEqual({ percent: 25, cents: 500 });
    expect(slaCredit(2000, 10, { ...rules, slaCreditCapPercent: 50 })).toEqual({ percent: 50, cents: 1000 });
    expect(slaCapCents(2001, { slaCreditCapPercent: 50 })).toBe(1000);
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
    expect(measureNode(days, oct, [])).toMatchObject({ checks: 2880, answering: 2760, down: 120, excludedDown: 0, uptimePercent: 95.83, expectedChecks: 31 * 1440, maintenanceDownDays: [] });
    // An hour of maintenance on the 2nd leaves out 60 of the 120 down checks, and the day is named:
    // the other 60 may have been outside the window.
    const maintenance = [{ start: at('2026-10-02T01:00:00Z'), end: at('2026-10-02T02:00:00Z') }];
    expect(measureNode(days, oct, maintenance)).toMatchObject({ excludedDown: 60, uptimePercent: 97.87, maintenanceDownDays: ['2026-10-02'] });
    expect(measureNode([{ day: '2026-10-01', up: 1440, degraded: 0, down: 0 }], oct, maintenance).maintenanceDownDays).toEqual([]);
    expect(measureNode([], oct, []).uptimePercent).toBeNull();
  });

  it("counts only the part of the creation day the server existed, so an outage before it does not earn a credit", () => {
    // The node was down 00:00-22:00 on the 10th; the server was made at 23:00, and the node was up after.
    const days = [
      { day: '2026-10-10', up: 120, degraded: 0, down: 1320 },
      ...Array.from({ length: 21 }, (_, i) => ({ day: `2026-10-${String(i + 11).padStart(2, '0')}`, up: 1440, degraded: 0, down: 0 })),
    ];
    const service = { start: at('2026-10-10T23:00:00Z'), end: at('2026-11-01T00:00:00Z') };
    const m = measureNode(days, service, []);
    expect(m.expectedChecks).toBe(21 * 1440 + 60);
    // The 10th weighs an hour (1/24 of its counts: 5 up, 55 down), not the whole day.
    expect(m).toMatchObject({ checks: 21 * 1440 + 60, answering: 21 * 1440 + 5, down: 55 });
    expect(m.checks).toBeLessThanOrEqual(m.expectedChecks);
    expect(m.uptimePercent).toBe(Math.floor(((21 * 1440 + 5) / (21 * 1440 + 60)) * 10_000) / 100);
    expect(slaCredit(2000, m.uptimePercent!, rules).cents).toBe(0);
  });

  it('counts only the part of the deletion day the server existed', () => {
    const days = [
      { day: '2026-10-01', up: 1440, degraded: 0, down: 0 },
      { day: '2026-10-02', up: 720, degraded: 0, down: 720 },
    ];
    // Deleted at 06:00 on the 2nd: a quarter of the day's counts.
    const m = measureNode(days, { start: at('2026-10-01T00:00:00Z'), end: at('2026-10-02T06:00:00Z') }, []);
    expect(m).toMatchObject({ expectedChecks: 1440 + 360, checks: 1440 + 360, answering: 1440 + 180, down: 180 });
    expect(m.uptimePercent).toBe(90);
  });
});
