import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { billingDetails, commissions, localPaymentMethods, providerCustomers } from '../../db/schema';
import type { Executor } from '../../db/client';

/**
 * Signs that a referred customer is the referrer under a second account (decision 034): the same
 * saved card, the same customer at the payment provider, the same VAT ID or the same billing
 * address. None of them proves it (a household shares an address), so a match holds the
 * commission for staff instead of refusing it.
 */

type Address = { address: string; postalCode: string; country: string };

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** A billing address reduced to its letters and digits, hashed; null when no street address was given. */
export function addressHash(details: Address): string | null {
  const street = normalise(details.address);
  if (!street) return null;
  const key = `${details.country.trim().toUpperCase()}|${normalise(details.postalCode).replace(/ /g, '')}|${street}`;
  return createHash('sha256').update(key).digest('hex');
}

function shared<T>(rows: (T & { userId: string })[], a: string, b: string, key: (row: T) => string): T | undefined {
  const ofA = new Map(rows.filter((r) => r.userId === a).map((r) => [key(r), r]));
  return rows.find((r) => r.userId === b && ofA.has(key(r)));
}

/** Why the two accounts look like one person, in words for staff; empty when nothing is shared. */
export async function selfReferralReasons(db: Executor, referrerId: string, customerId: string): Promise<string[]> {
  const both = [referrerId, customerId];
  const [cards, customers, details] = await Promise.all([
    db
      .select({ userId: localPaymentMethods.userId, brand: localPaymentMethods.brand, last4: localPaymentMethods.last4, expMonth: localPaymentMethods.expMonth, expYear: localPaymentMethods.expYear })
      .from(localPaymentMethods)
      .where(inArray(localPaymentMethods.userId, both)),
    db
      .select({ userId: providerCustomers.userId, provider: providerCustomers.provider, customerId: providerCustomers.customerId })
      .from(providerCustomers)
      .where(and(inArray(providerCustomers.userId, both), isNotNull(providerCustomers.customerId))),
    db
      .select({ userId: billingDetails.userId, address: billingDetails.address, postalCode: billingDetails.postalCode, country: billingDetails.country, vatId: billingDetails.vatId })
      .from(billingDetails)
      .where(inArray(billingDetails.userId, both)),
  ]);
  const reasons: string[] = [];
  const card = shared(cards, referrerId, customerId, (c) => `${c.brand}|${c.last4}|${c.expMonth}|${c.expYear}`);
  if (card) {
    const brand = card.brand.charAt(0).toUpperCase() + card.brand.slice(1);
    reasons.push(`Both accounts saved the same card (${brand} ending ${card.last4}, ${String(card.expMonth).padStart(2, '0')}/${card.expYear}).`);
  }
  const payer = shared(customers, referrerId, customerId, (c) => `${c.provider}|${c.customerId}`);
  if (payer) reasons.push(`Both accounts paid as the same ${payer.provider} customer (${payer.customerId}).`);
  const vat = shared(details.filter((d) => d.vatId), referrerId, customerId, (d) => d.vatId);
  if (vat) reasons.push(`Both accounts give the same VAT ID (${vat.vatId}).`);
  const withAddress = details.flatMap((d) => {
    const hash = addressHash(d);
    return hash ? [{ ...d, hash }] : [];
  });
  if (shared(withAddress, referrerId, customerId, (d) => d.hash)) reasons.push('Both accounts give the same billing address.');
  return reasons;
}

/**
 * The reason to hold a new commission of this pair, or null. Staff who released a commission of
 * the same pair for the same reason have answered it already, so it is not asked again.
 */
export async function holdReasonFor(db: Executor, referrerId: string, customerId: string): Promise<string | null> {
  const reasons = await selfReferralReasons(db, referrerId, customerId);
  if (reasons.length === 0) return null;
  const reason = reasons.join(' ');
  const [released] = await db
    .select({ id: commissions.id })
    .from(commissions)
    .where(
      and(
        eq(commissions.referrerUserId, referrerId),
        eq(commissions.customerUserId, customerId),
        eq(commissions.holdReason, reason),
        isNotNull(commissions.reviewedAt),
        ne(commissions.status, 'reversed'),
      ),
    )
    .limit(1);
  return released ? null : reason;
}

/**
 * Looks again at the referrer's commissions not yet paid out: what links two accounts can appear
 * after the payment (a card saved later, billing details changed). Holds those whose pair now
 * matches; run before a payout takes them. Answers how many were held.
 */
export async function holdMatchingCommissions(db: Executor, referrerId: string): Promise<number> {
  const open = and(eq(commissions.referrerUserId, referrerId), inArray(commissions.status, ['pending', 'payable']), isNull(commissions.reviewedAt));
  const pairs = await db.selectDistinct({ customerUserId: commissions.customerUserId }).from(commissions).where(open);
  let held = 0;
  for (const { customerUserId } of pairs) {
    const reason = await holdReasonFor(db, referrerId, customerUserId);
    if (!reason) continue;
    const rows = await db
      .update(commissions)
      .set({ status: 'held', holdReason: reason })
      .where(and(open, eq(commissions.customerUserId, customerUserId)))
      .returning({ id: commissions.id });
    held += rows.length;
  }
  return held;
}
