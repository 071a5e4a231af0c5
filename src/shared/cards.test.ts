import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardBrand, expiryInFuture, luhnValid, parseExpiry, testCards, validateCard } from './cards';

const now = new Date('2026-11-21T12:00:00Z');

describe('cards', () => {
  it('accepts every test card and rejects a one-digit change', () => {
    for (const number of Object.keys(testCards)) {
      expect(luhnValid(number)).toBe(true);
      const last = Number(number.at(-1));
      expect(luhnValid(number.slice(0, -1) + String((last + 1) % 10))).toBe(false);
    }
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('abcd')).toBe(false);
  });

  it('finds the Luhn check digit for any prefix', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{15}$/), (prefix) => {
        const valid = Array.from({ length: 10 }, (_, d) => prefix + d).filter(luhnValid);
        expect(valid).toHaveLength(1);
      }),
    );
  });

  it('parses expiry dates and checks they are not past', () => {
    expect(parseExpiry('12/30')).toEqual({ month: 12, year: 2030 });
    expect(parseExpiry('1/2027')).toEqual({ month: 1, year: 2027 });
    expect(parseExpiry('13/30')).toBeUndefined();
    expect(parseExpiry('tomorrow')).toBeUndefined();
    expect(expiryInFuture({ month: 11, year: 2026 }, now)).toBe(true);
    expect(expiryInFuture({ month: 10, year: 2026 }, now)).toBe(false);
  });

  it('names the brand', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });

  it('reports each bad field', () => {
    expect(validateCard({ number: '4242424242424242', expiry: '12/30', cvc: '123', name: 'Ada' }, now)).toEqual({});
    expect(validateCard({ number: '4242424242424241', expiry: '10/26', cvc: '12', name: ' ' }, now)).toEqual({
      number: 'Your card number is invalid.',
      expiry: "Your card's expiration year is in the past.",
      cvc: "Your card's security code is incomplete.",
      name: 'Enter the name on the card',
    });
  });
});
