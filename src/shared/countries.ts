/**
 * Countries as billing details and tax rates name them: ISO 3166-1 alpha-2 codes, upper case.
 * Names come from the runtime's own locale data (Intl.DisplayNames), so no table of names ships.
 */
export const countryCodes: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP ' +
  'KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT ' +
  'MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW ' +
  'SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG ' +
  'UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

const known = new Set(countryCodes);

export function isCountryCode(code: string): boolean {
  return known.has(code);
}

/** The 27 member states of the European Union, whose businesses can be invoiced under reverse charge. */
export const euCountries: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

export function isEuCountry(code: string | null | undefined): boolean {
  return !!code && euCountries.includes(code);
}

const names = new Map<string, Intl.DisplayNames | null>();

/** "DE" → "Germany" ("Deutschland" in German); the code itself where the runtime has no names. */
export function countryName(code: string, locale = 'en'): string {
  let display = names.get(locale);
  if (display === undefined) {
    try {
      display = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      display = null;
    }
    names.set(locale, display);
  }
  return display?.of(code) ?? code;
}

/** Every country, named and sorted in `locale` (English unless given), for a select. */
export function countryOptions(locale = 'en'): { value: string; label: string }[] {
  return countryCodes.map((value) => ({ value, label: countryName(value, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale));
}
