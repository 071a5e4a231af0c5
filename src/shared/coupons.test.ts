import { describe, expect, it } from 'vitest';
import {
  couponAmountLabel,
  couponCentsOf,
  couponCoversPeriod,
  couponDiscountCents,
  couponFloor,
  couponDurationLabel,
  couponLine,
  couponRefusalFor,
  normalizeCouponCode,
  withoutCoupon,
  type CouponTerms,
} from './coupons';

const terms: CouponTerms = { code: 'SAVE20', kind: 'percent', amount: 20, duration: 'once', durationPeriods: null, games: [], plans: [], packs: [] };

describe('coupons', () => {
  it('compares codes in upper case without surrounding spaces', () => {
    expect(normalizeCouponCode('  save20 ')).toBe('SAVE20');
  });

  it('rounds a percentage half up once, and leaves at least $0.50', () => {
    expect(couponDiscountCents(terms, 1000, 'usd')).toBe(200);
    expect(couponDiscountCents({ kind: 'percent', amount: 15 }, 1010, 'usd')).toBe(152); // 151.5 → 152
    expect(couponDiscountCents({ kind: 'percent', amount: 15 }, 1009, 'usd')).toBe(151); // 151.35 → 151
    expect(couponDiscountCents({ kind: 'fixed', amount: 500 }, 1000, 'usd')).toBe(500);
    expect(couponDiscountCents({ kind: 'fixed', amount: 500 }, 520, 'usd')).toBe(470);
    expect(couponDiscountCents({ kind: 'percent', amount: 100 }, 40, 'usd')).toBe(0);
  });

  it("leaves each currency's own Stripe minimum, in the order's currency", () => {
    const all = { kind: 'percent', amount: 100 } as const;
    expect(couponFloor('jpy')).toBe(50);
    expect(couponDiscountCents(all, 1500, 'jpy')).toBe(1450); // ¥1,500 → ¥50
    expect(couponDiscountCents({ kind: 'fixed', amount: 2000 }, 1500, 'jpy')).toBe(1450);
    expect(couponDiscountCents(all, 40, 'jpy')).toBe(0); // ¥40 is already below ¥50
    expect(couponFloor('eur')).toBe(50);
    expect(couponDiscountCents(all, 1290, 'eur')).toBe(1240); // €12.90 → €0.50
    expect(couponDiscountCents({ kind: 'percent', amount: 20 }, 1290, 'eur')).toBe(258);
    // Where the minimum is not 50 minor units, the coupon follows the currency's.
    expect(couponDiscountCents(all, 1000, 'gbp')).toBe(970); // £0.30 left
    expect(couponDiscountCents(all, 100000, 'huf')).toBe(82500); // Ft175 left
    expect(couponDiscountCents(all, 10000, 'czk')).toBe(8500); // Kč15 left
    expect(couponDiscountCents(all, 1000, 'gbp') + couponFloor('gbp')).toBe(1000);
  });

  it('covers the first order once, the first N periods, or every period', () => {
    expect([1, 2].map((p) => couponCoversPeriod(terms, p))).toEqual([true, false]);
    expect([1, 2, 3, 4].map((p) => couponCoversPeriod({ duration: 'repeating', durationPeriods: 3 }, p))).toEqual([true, true, true, false]);
    expect(couponCoversPeriod({ duration: 'forever', durationPeriods: null }, 240)).toBe(true);
  });

  it('describes itself', () => {
    expect(`${couponAmountLabel(terms, 'usd')} ${couponDurationLabel(terms)}`).toBe('20% off once');
    expect(`${couponAmountLabel({ kind: 'fixed', amount: 500 }, 'usd')} ${couponDurationLabel({ duration: 'repeating', durationPeriods: 3 })}`).toBe(
      '$5.00 off for 3 billing periods',
    );
    expect(couponDurationLabel({ duration: 'repeating', durationPeriods: 1 })).toBe('for 1 billing period');
    expect(couponDurationLabel({ duration: 'forever', durationPeriods: null })).toBe('forever');
  });

  it('is for anything unless restricted; then for the listed games or plans, or packs', () => {
    expect(couponRefusalFor(terms, { kind: 'server', game: 'minecraft', plan: 'minecraft-4gb' })).toBeNull();
    expect(couponRefusalFor(terms, { kind: 'pack', pack: 'essentials' })).toBeNull();
    const mc = { ...terms, games: ['minecraft'] };
    expect(couponRefusalFor(mc, { kind: 'server', game: 'minecraft', plan: 'minecraft-4gb' })).toBeNull();
    expect(couponRefusalFor(mc, { kind: 'server', game: 'fivem', plan: 'fivem-2gb' })).toBe('notForPlan');
    expect(couponRefusalFor(mc, { kind: 'pack', pack: 'essentials' })).toBe('notForPack');
    expect(couponRefusalFor({ ...terms, plans: ['fivem-2gb'] }, { kind: 'server', game: 'fivem', plan: 'fivem-2gb' })).toBeNull();
  });

  it('is a negative line after the items, never −0', () => {
    const lines: { kind?: string; description: string; quantity: number; unitCents: number; amountCents: number }[] = [{ description: 'Plan', quantity: 1, unitCents: 1400, amountCents: 1400 }, couponLine(terms, 280, 'usd')];
    expect(lines[1]).toEqual({
      kind: 'coupon',
      description: 'Coupon SAVE20 (20% off)',
      text: { key: 'line.coupon', values: { code: 'SAVE20', kind: 'percent', percent: 20 } },
      quantity: 1,
      unitCents: -280,
      amountCents: -280,
    });
    expect(couponCentsOf(lines)).toBe(280);
    expect(withoutCoupon(lines)).toEqual([lines[0]]);
    expect(Object.is(couponLine(terms, 0, 'usd').amountCents, -0)).toBe(false);
    expect(Object.is(couponCentsOf([]), -0)).toBe(false);
  });
});
