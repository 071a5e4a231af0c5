import { minimumChargeOf } from '../../shared/stripe-minimums';

/**
 * What to do with an amount the customer owes (docs/decisions/047-stripe-on-day-one.md):
 * - at or above the currency's minimum charge, all of it goes to the card (`chargeCents`);
 * - below it (1–49 cents in USD), nothing goes to the card: account credit pays what it can
 *   (`creditCents`) and the rest is waived (`waivedCents`), never carried or rounded up.
 * The three parts always add up to `dueCents`. `balanceCents` is the account's credit, read under
 * its lock (lib/credit-ledger.ts lockedBalanceCents) when credit is to be spent.
 */
export interface MinimumChargeSplit {
  chargeCents: number;
  creditCents: number;
  waivedCents: number;
}

export function splitUnderMinimum(input: { dueCents: number; balanceCents: number; currency: string }): MinimumChargeSplit {
  const due = Math.max(0, Math.trunc(input.dueCents));
  if (due === 0 || due >= minimumChargeOf(input.currency)) return { chargeCents: due, creditCents: 0, waivedCents: 0 };
  const creditCents = Math.max(0, Math.min(Math.trunc(input.balanceCents), due));
  return { chargeCents: 0, creditCents, waivedCents: due - creditCents };
}

/** True when `amountCents` may be sent to the provider: none at all is sent, or at least the minimum. */
export function isChargeable(amountCents: number, currency: string): boolean {
  return amountCents >= minimumChargeOf(currency);
}
