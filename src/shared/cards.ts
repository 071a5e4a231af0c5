/** Card checks shared by the built-in checkout page and the server that charges it. */

export function digitsOnly(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** The Luhn (mod 10) check every real card number passes. */
export function luhnValid(input: string): boolean {
  const digits = digitsOnly(input);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** Parses "MM/YY" or "MM/YYYY"; answers undefined when it is not a date. */
export function parseExpiry(input: string): { month: number; year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return undefined;
  const month = Number(match[1]);
  const rawYear = Number(match[2]);
  const year = match[2]!.length === 2 ? 2000 + rawYear : rawYear;
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** A card is valid through the last day of its expiry month. */
export function expiryInFuture(expiry: { month: number; year: number }, now: Date): boolean {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  return expiry.year > y || (expiry.year === y && expiry.month >= m);
}

export function cardBrand(input: string): string {
  const d = digitsOnly(input);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^6(011|5)/.test(d)) return 'discover';
  return 'card';
}

export type TestCardOutcome = 'success' | 'declined' | 'insufficient_funds' | 'renewals_fail';

/** Stripe's public test numbers, treated as the real provider treats them. */
export const testCards: Record<string, TestCardOutcome> = {
  '4242424242424242': 'success',
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000341': 'renewals_fail',
};

export const declineMessages = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
} as const;

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Field-level problems with a card, in the checkout's own words; empty when it can be charged. */
export function validateCard(card: CardInput, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!digitsOnly(card.number)) errors.number = 'Enter your card number';
  else if (!luhnValid(card.number)) errors.number = 'Your card number is invalid.';
  const expiry = parseExpiry(card.expiry);
  if (!card.expiry.trim()) errors.expiry = 'Enter the expiry date';
  else if (!expiry) errors.expiry = "Your card's expiration date is incomplete.";
  else if (!expiryInFuture(expiry, now)) errors.expiry = "Your card's expiration year is in the past.";
  const cvcLength = cardBrand(card.number) === 'amex' ? 4 : 3;
  if (!card.cvc.trim()) errors.cvc = 'Enter the security code';
  else if (!new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc.trim())) errors.cvc = "Your card's security code is incomplete.";
  if (!card.name.trim()) errors.name = 'Enter the name on the card';
  else if (card.name.trim().length > 100) errors.name = 'The name is too long';
  return errors;
}
