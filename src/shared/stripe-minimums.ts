import { currencyDigits } from './currency';

/**
 * Stripe's smallest charge per currency, in the currency's minor unit as the API takes amounts
 * (cents; yen are whole yen, Stripe's zero-decimal currencies). Stripe refuses a PaymentIntent or
 * Checkout Session below it with an invalid_request_error (code amount_too_small), never a card
 * error. Source: docs.stripe.com/currencies, "Minimum and maximum charge amounts" (read 2026-11).
 * Other Stripe currencies take the fallback below (fallbackMinimumCharge, decision 063).
 */
export const stripeMinimumCharge = {
  usd: 50,
  aed: 200,
  aud: 50,
  bgn: 100,
  brl: 50,
  cad: 50,
  chf: 50,
  czk: 1500,
  dkk: 250,
  eur: 50,
  gbp: 30,
  hkd: 400,
  huf: 17500,
  inr: 50,
  jpy: 50,
  mxn: 1000,
  myr: 200,
  nok: 300,
  nzd: 50,
  pln: 200,
  ron: 200,
  sek: 300,
  sgd: 50,
  thb: 1000,
} as const satisfies Record<string, number>;

export type StripeCurrency = keyof typeof stripeMinimumCharge;


/*
 * For the presentment currencies Stripe publishes no minimum for (KRW, IDR, ZAR...), its minimum is
 * the settlement currency's (at most about US$0.70: CZK 15) converted at the day's rate, which the
 * product cannot know. The fallback is an amount worth at least US$1 at the approximate rates
 * below (units of the currency per US dollar, 2025), rounded up to 1, 2 or 5 × a power of ten:
 * high enough that Stripe never refuses it while rates move by a third, low enough that only
 * prorations and tiny renewals fall under it (they are paid from credit or waived, decision 047).
 * The rates set nothing but this floor: no price is ever converted (decision 063).
 */
const approximateUnitsPerUsd: Record<string, number> = {
  bif: 2900, clp: 950, djf: 178, gnf: 8600, kmf: 450, krw: 1400, mga: 4500, pyg: 7800, rwf: 1400, ugx: 3700,
  vnd: 25500, vuv: 120, xaf: 600, xof: 600, xpf: 110, bhd: 0.376, jod: 0.709, kwd: 0.307, omr: 0.385, tnd: 3.1,
  afn: 70, all: 92, amd: 390, ang: 1.79, aoa: 920, ars: 1500, awg: 1.8, azn: 1.7, bam: 1.7, bbd: 2, bdt: 122,
  bmd: 1, bnd: 1.35, bob: 6.9, bsd: 1, bwp: 13.6, byn: 3.3, bzd: 2, cdf: 2850, cny: 7.2, cop: 4100, crc: 510,
  cve: 100, dop: 61, dzd: 133, egp: 50, etb: 130, fjd: 2.25, fkp: 0.8, gel: 2.75, gip: 0.8, gmd: 72, gtq: 7.7,
  gyd: 209, hnl: 26, htg: 131, idr: 16500, ils: 3.7, isk: 138, jmd: 158, kes: 129, kgs: 87, khr: 4000, kyd: 0.83,
  kzt: 520, lak: 21600, lbp: 89500, lkr: 300, lrd: 200, lsl: 18.5, mad: 10, mdl: 18, mkd: 56, mmk: 2100,
  mnt: 3400, mop: 8, mur: 46, mvr: 15.4, mwk: 1740, mzn: 64, nad: 18.5, ngn: 1600, nio: 36.8, npr: 136,
  pab: 1, pen: 3.75, pgk: 4, php: 58, pkr: 280, qar: 3.64, rsd: 108, rub: 100, sar: 3.75, sbd: 8.5, scr: 14,
  shp: 0.8, sle: 23, sos: 572, srd: 36, szl: 18.5, tjs: 11, top: 2.4, try: 41, ttd: 6.8, twd: 32, tzs: 2700,
  uah: 42, uyu: 41, uzs: 12800, wst: 2.8, xcd: 2.7, yer: 250, zar: 18.5, zmw: 28,
};

/** The smallest of 1, 2 and 5 × a power of ten that is at least `value`. */
function roundUpNicely(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value - 1e-9)!;
}

/** The fallback minimum of a currency Stripe publishes none for, in its minor unit; undefined when unknown. */
export function fallbackMinimumCharge(currency: string): number | undefined {
  const code = currency.toLowerCase();
  const rate = approximateUnitsPerUsd[code];
  if (rate === undefined) return undefined;
  return Math.round(roundUpNicely(rate) * 10 ** currencyDigits(code));
}

/** The smallest amount Stripe charges in `currency` (lower-case ISO code), in its minor unit. */
export function minimumChargeOf(currency: string): number {
  const minimum = (stripeMinimumCharge as Record<string, number>)[currency.toLowerCase()] ?? fallbackMinimumCharge(currency);
  if (minimum === undefined) throw new Error(`No Stripe minimum charge is known for the currency ${currency}`);
  return minimum;
}
