import { describe, expect, it } from 'vitest';
import { parseMajor } from './currency';
import { amountRule, currencyCaption, exampleAmount, majorText, readMajorAmount } from './money-input';

describe('money typed into a box, per currency', () => {
  it('shows an amount with the currency’s own decimals', () => {
    expect(majorText(1250, 'eur')).toBe('12.50');
    expect(majorText(1500, 'jpy')).toBe('1500');
    expect(majorText(12500, 'kwd')).toBe('12.500');
    expect(majorText(Number.NaN, 'eur')).toBe('');
  });

  it('names the currency by code and symbol', () => {
    expect(currencyCaption('eur')).toBe('EUR (€)');
    expect(currencyCaption('jpy')).toBe('JPY (¥)');
    expect(currencyCaption('usd')).toBe('USD ($)');
    expect(currencyCaption('chf')).toBe('CHF');
    expect(exampleAmount('kwd')).toBe('12.500');
  });

  it('reads amounts in the minor unit, with the code or symbol around them', () => {
    expect(readMajorAmount('12.5', 'eur')).toEqual({ ok: true, minor: 1250 });
    expect(readMajorAmount('€12.50', 'eur')).toEqual({ ok: true, minor: 1250 });
    expect(readMajorAmount('12.50 EUR', 'eur')).toEqual({ ok: true, minor: 1250 });
    expect(readMajorAmount('¥1,500', 'jpy')).toEqual({ ok: true, minor: 1500 });
    expect(readMajorAmount('$1,250.00', 'usd')).toEqual({ ok: true, minor: 125000 });
    expect(readMajorAmount('1.005', 'kwd')).toEqual({ ok: true, minor: 1005 });
    expect(readMajorAmount('', 'eur')).toEqual({ ok: true, minor: null });
  });

  it('refuses what is not whole minor units, saying how many decimals the currency has', () => {
    expect(readMajorAmount('12.345', 'eur')).toEqual({ ok: false, error: 'EUR amounts have at most 2 decimals: enter it like 12.50' });
    expect(readMajorAmount('12.5', 'jpy')).toEqual({ ok: false, error: 'JPY amounts have no decimals: enter it like 1500' });
    expect(readMajorAmount('abc', 'eur')).toEqual({ ok: false, error: 'Enter an amount in EUR with at most 2 decimals, like 12.50' });
    expect(readMajorAmount('-5', 'jpy')).toEqual({ ok: false, error: 'The amount cannot be negative. Enter an amount in JPY with no decimals, like 1500' });
    expect(readMajorAmount('', 'kwd', { required: true })).toEqual({ ok: false, error: amountRule('kwd') });
    expect(readMajorAmount('0', 'eur', { positive: true })).toEqual({ ok: false, error: 'Enter an amount above €0.00, like 12.50' });
    expect(readMajorAmount('99999999999999999999', 'eur')).toEqual({ ok: false, error: 'That amount is too large' });
  });

  it('never reads a decimal comma as a thousands separator', () => {
    expect(parseMajor('12,50', 'eur')).toBeNull();
    expect(parseMajor('1,500', 'jpy')).toBe(1500);
    expect(parseMajor('1,250.50', 'eur')).toBe(125050);
    expect(readMajorAmount('12,50', 'eur').ok).toBe(false);
  });

  it('names a decimal comma and the point to use instead', () => {
    expect(readMajorAmount('3,56', 'eur')).toEqual({ ok: false, error: 'Write decimals with a point: 3.56 rather than 3,56' });
    expect(readMajorAmount('€3,5', 'eur')).toEqual({ ok: false, error: 'Write decimals with a point: 3.5 rather than 3,5' });
    // In a currency without decimals, or grouping thousands, a comma is not a decimal comma.
    expect(readMajorAmount('3,56', 'jpy')).toEqual({ ok: false, error: 'Enter an amount in JPY with no decimals, like 1500' });
    expect(readMajorAmount('1,500', 'eur')).toEqual({ ok: true, minor: 150000 });
  });
});
