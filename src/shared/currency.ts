/**
 * The currencies Stripe can charge in (its presentment currencies), as lower-case ISO 4217 codes,
 * with the number of decimals of the minor unit Stripe takes amounts in. Amounts are always stored
 * and sent as integers of that unit: cents for EUR, whole yen for JPY, fils (1/1000) for KWD.
 * Source: docs.stripe.com/currencies, "Presentment currencies" and "Zero-decimal currencies" (read 2026-11).
 */
const zeroDecimal = ['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf'];
const threeDecimal = ['bhd', 'jod', 'kwd', 'omr', 'tnd'];
const twoDecimal = [
  'usd', 'aed', 'afn', 'all', 'amd', 'ang', 'aoa', 'ars', 'aud', 'awg', 'azn', 'bam', 'bbd', 'bdt', 'bgn', 'bmd', 'bnd', 'bob',
  'brl', 'bsd', 'bwp', 'byn', 'bzd', 'cad', 'cdf', 'chf', 'cny', 'cop', 'crc', 'cve', 'czk', 'dkk', 'dop', 'dzd', 'egp', 'etb',
  'eur', 'fjd', 'fkp', 'gbp', 'gel', 'gip', 'gmd', 'gtq', 'gyd', 'hkd', 'hnl', 'htg', 'huf', 'idr', 'ils', 'inr', 'isk', 'jmd',
  'kes', 'kgs', 'khr', 'kyd', 'kzt', 'lak', 'lbp', 'lkr', 'lrd', 'lsl', 'mad', 'mdl', 'mkd', 'mmk', 'mnt', 'mop', 'mur', 'mvr',
  'mwk', 'mxn', 'myr', 'mzn', 'nad', 'ngn', 'nio', 'nok', 'npr', 'nzd', 'pab', 'pen', 'pgk', 'php', 'pkr', 'pln', 'qar', 'ron',
  'rsd', 'rub', 'sar', 'sbd', 'scr', 'sek', 'sgd', 'shp', 'sle', 'sos', 'srd', 'szl', 'thb', 'tjs', 'top', 'try', 'ttd', 'twd',
  'tzs', 'uah', 'uyu', 'uzs', 'wst', 'xcd', 'yer', 'zar', 'zmw',
];

const minorDigits: ReadonlyMap<string, number> = new Map([
  ...zeroDecimal.map((c) => [c, 0] as const),
  ...twoDecimal.map((c) => [c, 2] as const),
  ...threeDecimal.map((c) => [c, 3] as const),
]);

/** Every currency Stripe charges in, sorted by code. */
export const stripeCurrencies: readonly string[] = [...minorDigits.keys()].sort();

/**
 * The currencies a shop may sell in: every one Stripe charges in. Those without a published
 * minimum charge use a documented fallback (shared/stripe-minimums.ts,
 * decision 063).
 */
export const shopCurrencies: readonly string[] = stripeCurrencies;

/** The shop's currency until staff choose another (and the currency of every sale made before). */
export const defaultCurrency = 'usd';

export function isShopCurrency(code: string): boolean {
  return shopCurrencies.includes(code.toLowerCase());
}

/** Decimals of the minor unit as Stripe counts it: 2 for EUR, 0 for JPY, 3 for KWD. */
export function currencyDigits(currency: string): number {
  const digits = minorDigits.get(currency.toLowerCase());
  if (digits === undefined) throw new Error(`Unknown currency ${currency}`);
  return digits;
}

/** 1299 EUR minor units → 12.99; 1299 JPY → 1299. For inputs and CSV, never for arithmetic. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyDigits(currency);
}

/**
 * "12.99" → 1299 for EUR, "1500" → 1500 for JPY; null when the text is not an amount with at most
 * the currency's decimals (a price entry in the catalog editor).
 */
export function parseMajor(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  // A comma only groups thousands ("1,500"): "12,50" is refused, never read as 1250.
  if (text.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text.trim())) return null;
  const trimmed = text.trim().replace(/,/g, '');
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

const euro = ['AT', 'BE', 'CY', 'DE', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PT', 'SI', 'SK', 'AD', 'MC', 'SM', 'VA', 'ME', 'XK'];

/**
 * The currency each country pays in (ISO 3166-1 alpha-2 → lower-case ISO 4217), for the default of
 * a visitor's currency picker: it is used only when that currency is offered (decision 063).
 * Countries missing here fall back to the shop's currency.
 */
export const countryCurrency: Readonly<Record<string, string>> = {
  ...Object.fromEntries(euro.map((c) => [c, 'eur'])),
  US: 'usd', PR: 'usd', EC: 'usd', SV: 'usd', PA: 'usd', GB: 'gbp', IM: 'gbp', JE: 'gbp', GG: 'gbp',
  CA: 'cad', AU: 'aud', NZ: 'nzd', JP: 'jpy', CH: 'chf', LI: 'chf', SE: 'sek', NO: 'nok', DK: 'dkk',
  PL: 'pln', CZ: 'czk', HU: 'huf', RO: 'ron', BG: 'bgn', IS: 'isk', TR: 'try', RS: 'rsd', UA: 'uah',
  BR: 'brl', MX: 'mxn', AR: 'ars', CL: 'clp', CO: 'cop', PE: 'pen', UY: 'uyu', IN: 'inr', SG: 'sgd',
  HK: 'hkd', MY: 'myr', TH: 'thb', ID: 'idr', PH: 'php', VN: 'vnd', KR: 'krw', TW: 'twd', CN: 'cny',
  AE: 'aed', SA: 'sar', QA: 'qar', KW: 'kwd', BH: 'bhd', OM: 'omr', IL: 'ils', EG: 'egp', ZA: 'zar',
  NG: 'ngn', KE: 'kes', MA: 'mad', PK: 'pkr', BD: 'bdt', LK: 'lkr', KZ: 'kzt', GE: 'gel',
};

/** The offered currency a visitor from `country` pays in, or null when none fits. */
export function currencyForCountry(country: string | null | undefined, offered: readonly string[]): string | null {
  const code = country ? countryCurrency[country.toUpperCase()] : undefined;
  return code && offered.includes(code) ? code : null;
}

/** The cookie that remembers the currency a visitor chose in the header's picker. */
export const currencyCookie = 'sp_currency';

/** The country codes of an Accept-Language header's regions, in the header's order ("de-CH" → CH). */
function regionsOf(acceptLanguage: string | null | undefined): string[] {
  if (!acceptLanguage) return [];
  return acceptLanguage
    .split(',')
    .map((part) => part.split(';')[0]!.trim())
    .map((tag) => /^[a-z]{2,3}-([a-z]{2})\b/i.exec(tag)?.[1]?.toUpperCase())
    .filter((region): region is string => region !== undefined);
}

/**
 * Which offered currency prices are shown in (decision 063): the visitor's choice (the cookie),
 * else the account's preference, else the currency of the visitor's country (a header set by the
 * CDN or proxy, such as CF-IPCountry), else the first region of Accept-Language that has one,
 * else the shop's (offered[0]). A choice that is no longer offered is passed over.
 */
export function chooseCurrency(
  offered: readonly string[],
  sources: { cookie?: string | null; account?: string | null; country?: string | null; acceptLanguage?: string | null },
): string {
  for (const choice of [sources.cookie, sources.account]) {
    const code = choice?.toLowerCase();
    if (code && offered.includes(code)) return code;
  }
  for (const country of [sources.country, ...regionsOf(sources.acceptLanguage)]) {
    const code = currencyForCountry(country, offered);
    if (code) return code;
  }
  return offered[0] ?? defaultCurrency;
}
