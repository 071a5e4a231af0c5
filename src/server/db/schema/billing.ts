import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const ledgerKinds = ['affiliate_credit', 'refund_credit', 'staff_adjustment', 'credit_applied'] as const;
export type LedgerKind = (typeof ledgerKinds)[number];

/**
 * Account credit, one signed row per movement. The balance is always the sum of a user's rows,
 * never a stored number. A (kind, reference_id) pair is recorded at most once, so the caller that
 * books a payout, a refund or an applied credit can retry without booking it twice.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    reason: text('reason').notNull(),
    /** What the entry is for: a payout, purchase or invoice id; null for a free-standing adjustment. */
    referenceId: text('reference_id'),
    /** The staff member who made a manual adjustment; null for entries the system makes. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('credit_ledger_kind_check', sql`${t.kind} in ('affiliate_credit','refund_credit','staff_adjustment','credit_applied')`),
    check('credit_ledger_amount_check', sql`${t.amountCents} <> 0`),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_ledger_reference_idx').on(t.kind, t.referenceId).where(sql`${t.referenceId} is not null`),
  ],
);

/**
 * A customer's request to end a service at the close of its paid period. The renewal job reads it
 * and, instead of charging, suspends and later deletes the server per policy.
 */
export const serviceCancellations = pgTable(
  'service_cancellations',
  {
    serverId: uuid('server_id')
      .primaryKey()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cancelAt: at('cancel_at').notNull(),
    requestedAt: at('requested_at').notNull(),
  },
  (t) => [index('service_cancellations_cancel_at_idx').on(t.cancelAt)],
);

/** The card a customer chose for renewals; a local card id (lpm_...) or a Stripe pm_... id. */
export const paymentMethodDefaults = pgTable('payment_method_defaults', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  methodId: text('method_id').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/**
 * The provider's customer behind each paid checkout session (Stripe creates one per checkout), so
 * a user's saved cards can be listed without trusting an email match. Looked up once per session.
 */
export const providerCustomers = pgTable(
  'provider_customers',
  {
    sessionId: text('session_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id'),
    checkedAt: at('checked_at').notNull(),
  },
  (t) => [index('provider_customers_user_idx').on(t.userId)],
);
