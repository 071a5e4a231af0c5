import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCents, formatVcpu } from './money';

describe('formatCents', () => {
  it.each([
    [650, '$6.50'],
    [0, '$0.00'],
    [5, '$0.05'],
    [99, '$0.99'],
    [100, '$1.00'],
    [350, '$3.50'],
    [1499, '$14.99'],
    [123_456, '$1,234.56'],
    [100_000_000, '$1,000,000.00'],
    [99_999_999_999, '$999,999,999.99'],
  ])('%i cents → %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it('shows a negative amount (a refund or credit) with a leading minus', () => {
    expect(formatCents(-650)).toBe('-$6.50');
  });

  it('always shows dollars with thousands separators and exactly two decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (cents) => {
        const dollars = Math.floor(cents / 100)
          .toString()
          .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
        const rest = (cents % 100).toString().padStart(2, '0');
        expect(formatCents(cents)).toBe(`$${dollars}.${rest}`);
      }),
    );
  });
});

describe('formatCents against the runtime’s own currency format', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it('reads as Intl.NumberFormat’s en-US dollars for any whole number of cents, negative too', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 }).filter((c) => c !== 0), (cents) => {
        expect(formatCents(cents)).toBe(intl.format(cents / 100));
      }),
    );
  });
});

describe('formatVcpu', () => {
  it('keeps half a vCPU as 0.5', () => {
    expect(formatVcpu(0.5)).toBe('0.5 vCPU');
    expect(formatVcpu(4)).toBe('4 vCPU');
  });
});
