import { describe, expect, it } from 'vitest';
import { countryName, euCountries, isCountryCode } from './countries';
import { isWellFormedVatId, normalizeVatId, vatIdCountry, vatIdMessages, vatIdProblem } from './vat-ids';

describe('VAT IDs', () => {
  it('accepts a well-formed ID of every member state, in any spacing', () => {
    const good = [
      'ATU12345678', 'BE0123456789', 'BG123456789', 'BG1234567890', 'CY12345678X', 'CZ12345678', 'CZ1234567890', 'DE123456789',
      'DK12345678', 'EE123456789', 'EL123456789', 'ESX1234567X', 'ES12345678Z', 'FI12345678', 'FRXX123456789', 'FR12345678901',
      'HR12345678901', 'HU12345678', 'IE1234567WA', 'IE1234567T', 'IE1X23456W', 'IT12345678901', 'LT123456789', 'LT123456789012',
      'LU12345678', 'LV12345678901', 'MT12345678', 'NL123456789B01', 'PL1234567890', 'PT123456789', 'RO12', 'RO1234567890',
      'SE123456789001', 'SI12345678', 'SK1234567890', 'fr 12 345 678 901', 'de-123.456.789',
    ];
    for (const id of good) expect(vatIdProblem(id), id).toBeNull();
    // Every member state has a pattern (Greece under EL).
    for (const country of euCountries) {
      const prefix = country === 'GR' ? 'EL' : country;
      expect(vatIdProblem(`${prefix}0`), country).toBe(vatIdMessages.shape);
    }
  });

  it('refuses an unknown prefix and a number of the wrong shape', () => {
    expect(vatIdProblem('US123456789')).toBe(vatIdMessages.prefix);
    expect(vatIdProblem('GR123456789')).toBe(vatIdMessages.prefix);
    expect(vatIdProblem('123456789')).toBe(vatIdMessages.prefix);
    for (const id of ['DE12345678', 'DE1234567890', 'FRIO123456789', 'NL123456789A01', 'ATX12345678', 'SE123456789002', 'RO0123', 'BE2123456789']) {
      expect(vatIdProblem(id), id).toBe(vatIdMessages.shape);
    }
    expect(vatIdProblem('')).toBeNull();
    expect(isWellFormedVatId('')).toBe(false);
  });

  it('normalizes and names the ID’s member state', () => {
    expect(normalizeVatId(' fr 12.345-678 901 ')).toBe('FR12345678901');
    expect(vatIdCountry('EL123456789')).toBe('GR');
    expect(vatIdCountry('fr12345678901')).toBe('FR');
    expect(vatIdCountry('US1')).toBeNull();
  });
});

describe('countries', () => {
  it('knows ISO codes and their English names', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('XX')).toBe(false);
    expect(isCountryCode('de')).toBe(false);
    expect(countryName('DE')).toBe('Germany');
    expect(euCountries).toHaveLength(27);
    for (const c of euCountries) expect(isCountryCode(c)).toBe(true);
  });
});
