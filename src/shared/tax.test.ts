import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { euCountries } from './countries';
import { applyTax, formatRate, isReverseCharge, MAX_RATE, parseRate, taxShare, taxTreatment, type StoreTaxSettings, type TaxTreatment } from './tax';

const exclusive = (...rates: number[]): TaxTreatment => ({ inclusive: false, reverseCharge: false, lines: rates.map((rate, i) => ({ name: `T${i}`, rate })) });
const inclusive = (...rates: number[]): TaxTreatment => ({ ...exclusive(...rates), inclusive: true });

const store: StoreTaxSettings = {
  pricesIncludeTax: false,
  sellerCountry: 'NL',
  rates: [
    { country: 'DE', region: null, name: 'VAT', rate: 19000 },
    { country: 'NL', region: null, name: 'BTW', rate: 21000 },
    { country: 'CA', region: null, name: 'GST', rate: 5000 },
    { country: 'CA', region: 'QC', name: 'QST', rate: 9975 },
    { country: 'US', region: 'NY', name: 'Sales tax', rate: 8875 },
  ],
};

describe('applyTax, prices without tax', () => {
  it('adds each line, rounded half up on the net', () => {
    expect(applyTax(1400, exclusive(19000))).toEqual({
      inclusive: false,
      reverseCharge: false,
      netCents: 1400,
      lines: [{ name: 'T0', rate: 19000, amountCents: 266 }],
      taxCents: 266,
      grossCents: 1666,
    });
    // 350 × 8.875% = 31.0625 → 31; 1000 × 8.875% = 88.75 → 89; 50 × 5% = 2.5 → 3 (half up)
    expect(applyTax(350, exclusive(8875)).taxCents).toBe(31);
    expect(applyTax(1000, exclusive(8875)).taxCents).toBe(89);
    expect(applyTax(50, exclusive(5000)).taxCents).toBe(3);
    expect(applyTax(1000, exclusive(5000, 9975)).lines.map((l) => l.amountCents)).toEqual([50, 100]);
  });

  it('is the amount itself without lines, or with a 0% line', () => {
    expect(applyTax(999, exclusive())).toMatchObject({ netCents: 999, taxCents: 0, grossCents: 999, lines: [] });
    expect(applyTax(999, exclusive(0))).toMatchObject({ netCents: 999, taxCents: 0, grossCents: 999 });
  });

  it('refuses a negative or fractional amount and a rate outside 0–100%', () => {
    expect(() => applyTax(-1, exclusive())).toThrow(RangeError);
    expect(() => applyTax(1.5, exclusive())).toThrow(RangeError);
    expect(() => applyTax(100, exclusive(-1))).toThrow(RangeError);
    expect(() => applyTax(100, exclusive(MAX_RATE + 1))).toThrow(RangeError);
  });

  it('gross = net + lines, each line the half-up rounding of net × rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: MAX_RATE }), { maxLength: 4 }), (net, rates) => {
        const t = applyTax(net, exclusive(...rates));
        expect(t.netCents).toBe(net);
        expect(t.grossCents).toBe(net + t.taxCents);
        expect(t.taxCents).toBe(t.lines.reduce((s, l) => s + l.amountCents, 0));
        t.lines.forEach((line, i) => {
          const exact = (net * rates[i]!) / MAX_RATE;
          expect(Math.abs(line.amountCents - exact)).toBeLessThanOrEqual(0.5);
          // Half up: an exact half goes up.
          if (exact - Math.floor(exact) === 0.5) expect(line.amountCents).toBe(Math.ceil(exact));
        });
      }),
    );
  });
});

describe('applyTax, prices with tax', () => {
  it('takes the tax out of the gross, rounded half up once', () => {
    // 1400 × 19 / 119 = 223.53 → 224; net 1176.
    expect(applyTax(1400, inclusive(19000))).toEqual({
      inclusive: true,
      reverseCharge: false,
      netCents: 1176,
      lines: [{ name: 'T0', rate: 19000, amountCents: 224 }],
      taxCents: 224,
      grossCents: 1400,
    });
    // Two lines split the tax by their rates: 1150 × 15/115 = 150 → 50 and 100.
    expect(applyTax(1150, inclusive(5000, 10000)).lines.map((l) => l.amountCents)).toEqual([50, 100]);
  });

  it('never makes the net negative, and lines add up to gross − net (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: MAX_RATE }), { maxLength: 4 }), (gross, rates) => {
        const t = applyTax(gross, inclusive(...rates));
        const total = rates.reduce((a, b) => a + b, 0);
        expect(t.grossCents).toBe(gross);
        expect(t.netCents).toBeGreaterThanOrEqual(0);
        expect(t.netCents + t.taxCents).toBe(gross);
        expect(t.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(t.taxCents);
        expect(Math.abs(t.taxCents - (gross * total) / (MAX_RATE + total))).toBeLessThanOrEqual(0.5);
        t.lines.forEach((l) => expect(l.amountCents).toBeGreaterThanOrEqual(0));
      }),
    );
  });

  it('a single rate: gross with tax taken out, then added back by the exclusive rule, lands within a cent (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 30_000 }), (gross, rate) => {
        const inc = applyTax(gross, inclusive(rate));
        const back = applyTax(inc.netCents, exclusive(rate));
        expect(Math.abs(back.grossCents - gross)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('taxTreatment', () => {
  // A VAT ID here is one VIES verified unless a test says otherwise.
  const buyer = (country: string, region = '', vatId = '', vatIdStatus: string | null = 'verified') => ({ country, region, vatId, vatIdStatus });

  it('applies the country rates, then the region rates (case-insensitive)', () => {
    expect(taxTreatment(store, buyer('DE')).lines).toEqual([{ name: 'VAT', rate: 19000 }]);
    expect(taxTreatment(store, buyer('CA', 'qc')).lines).toEqual([
      { name: 'GST', rate: 5000 },
      { name: 'QST', rate: 9975 },
    ]);
    expect(taxTreatment(store, buyer('CA', 'ON')).lines).toEqual([{ name: 'GST', rate: 5000 }]);
    expect(taxTreatment(store, buyer('US', ' ny ')).lines).toEqual([{ name: 'Sales tax', rate: 8875 }]);
    expect(taxTreatment(store, buyer('US', 'OR')).lines).toEqual([]);
    expect(taxTreatment(store, buyer('JP')).lines).toEqual([]);
    expect(taxTreatment(store, null)).toEqual({ inclusive: false, reverseCharge: false, lines: [] });
  });

  it('gives an EU business from another member state one 0% line under reverse charge', () => {
    expect(taxTreatment(store, buyer('DE', '', 'DE123456789'))).toEqual({ inclusive: false, reverseCharge: true, lines: [{ name: 'VAT', rate: 0 }] });
    // A German address with a French VAT ID: both outside the seller's NL.
    expect(taxTreatment(store, buyer('DE', '', 'FR 12 345678901')).reverseCharge).toBe(true);
    expect(taxTreatment({ ...store, pricesIncludeTax: true }, buyer('DE', '', 'FR12345678901'))).toMatchObject({ inclusive: true, reverseCharge: true });
  });

  it('charges VAT to a business in the seller’s own country, to a malformed ID, and outside the EU', () => {
    expect(taxTreatment(store, buyer('NL', '', 'NL123456789B01')).lines).toEqual([{ name: 'BTW', rate: 21000 }]);
    expect(taxTreatment(store, buyer('DE', '', 'NL123456789B01')).reverseCharge).toBe(false);
    expect(taxTreatment(store, buyer('NL', '', 'DE123456789')).reverseCharge).toBe(false);
    expect(taxTreatment(store, buyer('DE', '', 'DE12345678')).lines).toEqual([{ name: 'VAT', rate: 19000 }]);
    expect(isReverseCharge('NL', buyer('US', '', 'DE123456789'))).toBe(false);
    expect(isReverseCharge('NL', buyer('CH', '', 'CHE123456789'))).toBe(false);
  });

  it('reverse charge only after a successful check: an ID being checked, found invalid or never checked pays VAT', () => {
    for (const status of ['checking', 'invalid', 'unverified', null, undefined]) {
      expect(taxTreatment(store, { country: 'DE', region: '', vatId: 'FR40303265045', vatIdStatus: status }), String(status)).toEqual({
        inclusive: false,
        reverseCharge: false,
        lines: [{ name: 'VAT', rate: 19000 }],
      });
    }
    expect(taxTreatment(store, buyer('DE', '', 'FR40303265045', 'verified')).reverseCharge).toBe(true);
  });

  it('any EU business with a well-formed ID from another country than a US seller gets reverse charge (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...euCountries), (country) => {
        const id = { DE: 'DE123456789', FR: 'FRXX123456789', IT: 'IT12345678901' }[country as 'DE'] ?? 'DE123456789';
        expect(isReverseCharge('US', buyer(country, '', id))).toBe(true);
        expect(isReverseCharge(country, buyer(country, '', id))).toBe(false);
      }),
    );
  });
});

describe('taxShare', () => {
  it('gives a refund its proportional tax, and a full refund the whole lines', () => {
    const invoice = applyTax(10000, exclusive(19000)); // gross 11900, tax 1900
    expect(taxShare(invoice, 11900)).toEqual({ lines: [{ name: 'T0', rate: 19000, amountCents: 1900 }], taxCents: 1900, netCents: 10000 });
    expect(taxShare(invoice, 5950)).toMatchObject({ taxCents: 950, netCents: 5000 });
    expect(taxShare(invoice, 1)).toMatchObject({ taxCents: 0, netCents: 1 });
    expect(taxShare(applyTax(0, exclusive(19000)), 0)).toMatchObject({ taxCents: 0, netCents: 0 });
  });

  it('refunds of a whole document in any parts add up to its tax exactly (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(fc.integer({ min: 0, max: MAX_RATE }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 6 }),
        (net, rates, weights) => {
          const invoice = applyTax(net, exclusive(...rates));
          // Split the gross into parts in proportion to the weights.
          const sum = weights.reduce((a, b) => a + b, 0);
          const parts = weights.map((w) => Math.floor((invoice.grossCents * w) / sum));
          parts[parts.length - 1]! += invoice.grossCents - parts.reduce((a, b) => a + b, 0);
          let already = 0;
          const taxes = invoice.lines.map(() => 0);
          for (const part of parts) {
            const share = taxShare(invoice, part, already);
            share.lines.forEach((l, i) => {
              expect(l.amountCents).toBeGreaterThanOrEqual(0);
              taxes[i]! += l.amountCents;
            });
            expect(share.netCents + share.taxCents).toBe(part);
            already += part;
          }
          expect(taxes).toEqual(invoice.lines.map((l) => l.amountCents));
        },
      ),
    );
  });

  it('never gives a part more tax than it holds (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: MAX_RATE }), fc.double({ min: 0, max: 1, noNaN: true }), (net, rate, f) => {
        const invoice = applyTax(net, exclusive(rate));
        const part = Math.round(invoice.grossCents * f);
        const share = taxShare(invoice, part);
        expect(share.taxCents).toBeLessThanOrEqual(invoice.taxCents);
        expect(share.netCents).toBeGreaterThanOrEqual(0);
        expect(share.netCents + share.taxCents).toBe(part);
      }),
    );
  });
});

describe('rates', () => {
  it('formats and parses thousandths of a percent', () => {
    expect(formatRate(19000)).toBe('19%');
    expect(formatRate(8875)).toBe('8.875%');
    expect(formatRate(7500)).toBe('7.5%');
    expect(formatRate(0)).toBe('0%');
    expect(parseRate('19')).toBe(19000);
    expect(parseRate('8.875')).toBe(8875);
    expect(parseRate('7,5 %')).toBe(7500);
    expect(parseRate('100')).toBe(MAX_RATE);
    for (const bad of ['', '-5', '100.001', '101', '1.2345', 'abc', '1e2']) expect(parseRate(bad)).toBeNull();
  });

  it('parse(format(r)) = r for every rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_RATE }), (rate) => {
        expect(parseRate(formatRate(rate))).toBe(rate);
      }),
    );
  });
});
