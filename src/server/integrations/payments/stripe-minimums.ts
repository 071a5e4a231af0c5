/**
 * Stripe's smallest charge per currency, in the currency's minor unit as the API takes amounts
 * (cents; yen are whole yen, Stripe's zero-decimal currencies). Stripe refuses a PaymentIntent or
 * Checkout Session below it with an invalid_request_error (code amount_too_small), never a card
 * error. Source: docs.stripe.com/currencies, "Minimum and maximum charge amounts" (read 2026-11).
 * Currencies missing here are refused by minimumChargeOf, so a new one is added on purpose.
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


/** The smallest amount Stripe charges in `currency` (lower-case ISO code), in its minor unit. */
export function minimumChargeOf(currency: string): number {
  const minimum = (stripeMinimumCharge as Record<string, number>)[currency.toLowerCase()];
  if (minimum === undefined) throw new Error(`No Stripe minimum charge is known for the currency ${currency}`);
  return minimum;
}
