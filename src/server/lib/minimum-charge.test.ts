import { describe, expect, it } from 'vitest';
import { shopCurrencies } from '../../shared/currency';
import { minimumChargeOf, stripeMinimumCharge } from '../../shared/stripe-minimums';
import { isChargeable, splitUnderMinimum } from './minimum-charge';

describe("Stripe's minimum charge", () => {
  it('knows the documented minimums, zero-decimal yen in whole yen', () => {
    expect(minimumChargeOf('usd')).toBe(50);
    expect(minimumChargeOf('USD')).toBe(50);
    expect(minimumChargeOf('gbp')).toBe(30);
    expect(minimumChargeOf('jpy')).toBe(50);
    expect(minimumChargeOf('huf')).toBe(17500);
    expect(() => minimumChargeOf('xyz')).toThrow(/xyz/);
    for (const value of Object.values(stripeMinimumCharge)) expect(Number.isSafeInteger(value) && value > 0).toBe(true);
  });

  it('knows a minimum for every currency a shop may sell in: published, else the fallback worth at least US$1', () => {
    for (const code of shopCurrencies) expect(Number.isSafeInteger(minimumChargeOf(code)) && minimumChargeOf(code) > 0, code).toBe(true);
    // Zero-decimal: 1,400 won to the dollar, rounded up to ₩2,000; three-decimal: 0.307 dinar → 0.5 KWD.
    expect(minimumChargeOf('krw')).toBe(2000);
    expect(minimumChargeOf('kwd')).toBe(500);
    expect(minimumChargeOf('zar')).toBe(2000);
    expect(isChargeable(1999, 'krw')).toBe(false);
    expect(isChargeable(2000, 'krw')).toBe(true);
  });

  it('applies each currency’s own minimum: 49 euro cents waived, ¥49 waived, ¥50 charged, 174 forints waived', () => {
    expect(isChargeable(49, 'eur')).toBe(false);
    expect(isChargeable(49, 'jpy')).toBe(false);
    expect(isChargeable(50, 'jpy')).toBe(true);
    expect(isChargeable(17_499, 'huf')).toBe(false);
    expect(splitUnderMinimum({ dueCents: 49, balanceCents: 0, currency: 'jpy' })).toEqual({ chargeCents: 0, creditCents: 0, waivedCents: 49 });
  });

  it('charges an amount at or above the minimum in full, and nothing of nothing', () => {
    expect(splitUnderMinimum({ dueCents: 50, balanceCents: 1000, currency: 'usd' })).toEqual({ chargeCents: 50, creditCents: 0, waivedCents: 0 });
    expect(splitUnderMinimum({ dueCents: 0, balanceCents: 1000, currency: 'usd' })).toEqual({ chargeCents: 0, creditCents: 0, waivedCents: 0 });
    expect(isChargeable(49, 'usd')).toBe(false);
    expect(isChargeable(50, 'usd')).toBe(true);
  });

  it('pays an amount under the minimum from credit as far as it goes, and waives the rest', () => {
    expect(splitUnderMinimum({ dueCents: 49, balanceCents: 1000, currency: 'usd' })).toEqual({ chargeCents: 0, creditCents: 49, waivedCents: 0 });
    expect(splitUnderMinimum({ dueCents: 30, balanceCents: 10, currency: 'usd' })).toEqual({ chargeCents: 0, creditCents: 10, waivedCents: 20 });
    expect(splitUnderMinimum({ dueCents: 1, balanceCents: 0, currency: 'usd' })).toEqual({ chargeCents: 0, creditCents: 0, waivedCents: 1 });
    // 40 pence is above the pound's 30.
    expect(splitUnderMinimum({ dueCents: 40, balanceCents: 0, currency: 'gbp' }).chargeCents).toBe(40);
  });

  it('always adds up to what is due', () => {
    for (let due = 0; due < 120; due += 1) {
      for (const balance of [0, 5, 49, 500]) {
        const s = splitUnderMinimum({ dueCents: due, balanceCents: balance, currency: 'usd' });
        expect(s.chargeCents + s.creditCents + s.waivedCents).toBe(due);
        expect(s.chargeCents === 0 || s.chargeCents >= 50).toBe(true);
      }
    }
  });
});
