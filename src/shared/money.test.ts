import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDigits, parseMajor, shopCurrencies, toMajor } from './currency';
import { currencyLabel, formatMoney, formatVcpu, totalsByCurrency } from './money';

// Intl puts a no-break space (U+00A0 or U+202F) between amount and symbol in many locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatMoney', () => {
  it.each([
    [650, 'usd', '$6.50'],
    [0, 'usd', '$0.00'],
    [5, 'usd', '$0.05'],
    [123_456, 'usd', '$1,234.56'],
    [99_999_999_999, 'usd', '$999,999,999.99'],
    [650, 'eur', '€6.50'],
    [650, 'gbp', '£6.50'],
    [650, 'cad', 'CA$6.50'],
    [1500, 'jpy', '¥1,500'],
    [1234, 'kwd', 'KWD 1.234'],
  ])('%i in %s → %s (English)', (minor, currency, text) => {
    expect(plain(formatMoney(minor, currency))).toBe(text);
  });

  it('writes the amount as the locale does', () => {
    expect(plain(formatMoney(123_456, 'eur', 'de'))).toBe('1.234,56 €');
    expect(plain(formatMoney(123_456, 'eur', 'fr'))).toBe('1 234,56 €');
    expect(plain(formatMoney(650, 'brl', 'pt-BR'))).toBe('R$ 6,50');
    expect(plain(formatMoney(1500, 'jpy', 'de'))).toBe('1.500 ¥');
  });

  it('shows a negative amount (a refund or credit) with a minus, zero never as -0', () => {
    expect(formatMoney(-650, 'usd')).toBe('-$6.50');
    expect(formatMoney(-1500, 'jpy')).toBe('-¥1,500');
    expect(formatMoney(-0, 'usd')).toBe('$0.00');
  });

  it('never shows a zero-decimal currency with decimals, nor a two-decimal one without', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.constantFrom(...shopCurrencies), (minor, currency) => {
        const text = formatMoney(minor, currency);
        const decimals = /\.(\d+)/.exec(text)?.[1]?.length ?? 0;
        expect(decimals).toBe(currencyDigits(currency));
      }),
    );
  });

  it('refuses a code it does not know rather than guessing its decimals', () => {
    expect(() => formatMoney(100, 'xyz')).toThrow(/xyz/);
  });

  it('labels a currency by its upper-case code', () => {
    expect(currencyLabel('eur')).toBe('EUR');
  });
});

describe('minor units', () => {
  it('converts both ways with the currency’s decimals', () => {
    expect(toMajor(1299, 'eur')).toBe(12.99);
    expect(toMajor(1299, 'jpy')).toBe(1299);
    expect(parseMajor('12.99', 'eur')).toBe(1299);
    expect(parseMajor('12.9', 'eur')).toBe(1290);
    expect(parseMajor('1,500', 'jpy')).toBe(1500);
    expect(parseMajor('15.5', 'jpy')).toBeNull();
    expect(parseMajor('12.999', 'eur')).toBeNull();
    expect(parseMajor('-1', 'eur')).toBeNull();
    expect(parseMajor('', 'eur')).toBeNull();
  });
});

describe('formatVcpu', () => {
  it('keeps half a vCPU as 0.5', () => {
    expect(formatVcpu(0.5)).toBe('0.5 vCPU');
    expect(formatVcpu(4)).toBe('4 vCPU');
  });
});

describe('totalsByCurrency', () => {
  it('adds up each currency on its own and never across them', () => {
    const items = [
      { currency: 'usd', cents: 6720 },
      { currency: 'jpy', cents: 6720 },
      { currency: 'usd', cents: 280 },
      { currency: 'eur', cents: 50 },
    ];
    expect(totalsByCurrency(items)).toEqual([
      { currency: 'usd', cents: 7000 },
      { currency: 'jpy', cents: 6720 },
      { currency: 'eur', cents: 50 },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });
});
