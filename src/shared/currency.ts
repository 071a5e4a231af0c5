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
 * The currencies a shop may sell in: those Stripe publishes a minimum charge for (the server's
 * integrations/payments/stripe-minimums.ts, kept equal by a test). For the others Stripe's minimum
 * is the settlement currency's converted at the day's rate, which the product cannot know, so a
 * charge could be refused; they are left out on purpose (decision 053).
 */
export const shopCurrencies: readonly string[] = [
  'aed', 'aud', 'bgn', 'brl', 'cad', 'chf', 'czk', 'dkk', 'eur', 'gbp', 'hkd', 'huf',
  'inr', 'jpy', 'mxn', 'myr', 'nok', 'nzd', 'pln', 'ron', 'sek', 'sgd', 'thb', 'usd',
];

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
  const trimmed = text.trim().replace(/,/g, '');
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}
