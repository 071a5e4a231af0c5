import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { purchases } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts that joined the affiliate programme. Every account has a code; joining accepts the terms. */
export const affiliates = pgTable('affiliates', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  joinedAt: at('affiliate_joined_at').notNull(),
});

/**
 * One row per counted visit through a referral link. `visitor_hash` is an HMAC of the visitor's
 * IP address (never the address itself), so the same visitor is counted once per 24 hours.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid('id').primaryKey(),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorHash: text('visitor_hash').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('affiliate_clicks_referrer_idx').on(t.referrerUserId, t.createdAt),
    index('affiliate_clicks_visitor_idx').on(t.referrerUserId, t.visitorHash, t.createdAt),
  ],
);

export type PayoutMethod = 'credit' | 'cash';
/** credit: paid at once as account credit; cash: requested, then approved (paid) or rejected by staff. */
export type PayoutStatus = 'credited' | 'requested' | 'approved' | 'rejected';

export const affiliatePayouts = pgTable(
  'affiliate_payouts',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<PayoutMethod>().notNull(),
    status: text('status').$type<PayoutStatus>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Lower-case ISO code: a payout pays commission of one currency only (decision 080). */
    currency: text('currency').notNull(),
    /** Where a cash payout should go (a PayPal address, say), as the affiliate wrote it. */
    details: text('details'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
    decidedByUserId: uuid('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    check('affiliate_payouts_method_check', sql`${t.method} in ('credit', 'cash')`),
    check('affiliate_payouts_status_check', sql`${t.status} in ('credited', 'requested', 'approved', 'rejected')`),
    check('affiliate_payouts_amount_check', sql`${t.amountCents} >= 0`),
    index('affiliate_payouts_user_idx').on(t.userId, t.createdAt),
    index('affiliate_payouts_status_idx').on(t.status, t.createdAt),
  ],
);

export type CommissionStatus = 'pending' | 'payable' | 'requested' | 'paid' | 'reversed' | 'held';

/**
 * The referrer's share of one payment by a customer they referred. The unique purchase id makes
 * recording it idempotent. 'pending' turns payable once `payable_at` (the end of the refund
 * window) has passed; readers treat it so at once, and promotePayableCommissions stores it.
 * 'held' waits for staff: the referrer and the customer look like one person (`hold_reason`
 * says why, decision 034); staff release it (pending again) or void it (reversed).
 */
export const commissions = pgTable(
  'commissions',
  {
    id: uuid('id').primaryKey(),
    referrerUserId: uuid('referrer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerUserId: uuid('customer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    paymentCents: integer('payment_cents').notNull(),
    ratePercent: integer('rate_percent').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The payment's currency, lower-case ISO: the commission is earned and paid in it, never converted (decision 080). */
    currency: text('currency').notNull(),
    status: text('status').$type<CommissionStatus>().notNull().default('pending'),
    payableAt: at('payable_at').notNull(),
    payoutId: uuid('payout_id').references(() => affiliatePayouts.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    paidAt: at('paid_at'),
    reversedAt: at('reversed_at'),
    holdReason: text('hold_reason'),
    reviewedAt: at('reviewed_at'),
    reviewedByUserId: uuid('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('commissions_status_check', sql`${t.status} in ('pending', 'payable', 'requested', 'paid', 'reversed', 'held')`),
    check('commissions_amount_check', sql`${t.amountCents} >= 0`),
    uniqueIndex('commissions_purchase_idx').on(t.purchaseId),
    index('commissions_referrer_idx').on(t.referrerUserId, t.createdAt),
    index('commissions_payout_idx').on(t.payoutId),
    index('commissions_status_idx').on(t.status, t.createdAt),
  ],
);
