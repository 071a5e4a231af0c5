import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BuyerSnapshot, SellerSnapshot, TaxLineView } from '../../../shared/schemas/tax';
import { users } from './auth';
import { invoices, orders, purchases } from './orders';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const ledgerKinds = ['affiliate_credit', 'refund_credit', 'staff_adjustment', 'credit_applied', 'sla_credit'] as const;
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
    /** Credit is kept per currency and only pays for services in the same currency (decision 053). */
    currency: text('currency').notNull().default('usd'),
    kind: text('kind').$type<LedgerKind>().notNull(),
    reason: text('reason').notNull(),
    /** What the entry is for: a payout, purchase or invoice id; null for a free-standing adjustment. */
    referenceId: text('reference_id'),
    /** The staff member who made a manual adjustment; null for entries the system makes. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('credit_ledger_kind_check', sql`${t.kind} in ('affiliate_credit','refund_credit','staff_adjustment','credit_applied','sla_credit')`),
    check('credit_ledger_amount_check', sql`${t.amountCents} <> 0`),
    index('credit_ledger_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('credit_ledger_reference_idx').on(t.kind, t.referenceId).where(sql`${t.referenceId} is not null`),
  ],
);

/**
 * An SLA credit staff granted for one server and one calendar month (docs/decisions/081): at most
 * one per server and month, whatever races. It records what the credit was computed from, so the
 * grant can be checked later against the rules and measurements of the time.
 */
export const slaCredits = pgTable(
  'sla_credits',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The calendar month, 'YYYY-MM' (UTC). */
    month: text('month').notNull(),
    /** The server's name when granted, for the customer's billing history. */
    serverName: text('server_name').notNull(),
    /** The status component measured (a panel node, 'node:<id>'). */
    component: text('component').notNull(),
    /** Measured uptime in percent, two decimals, as a string so it is stored exactly. */
    uptimePercent: text('uptime_percent').notNull(),
    feeCents: integer('fee_cents').notNull(),
    creditPercent: integer('credit_percent').notNull(),
    /** What the rules gave; amount_cents is what was granted (never more). */
    computedCents: integer('computed_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    ledgerEntryId: uuid('ledger_entry_id')
      .notNull()
      .references(() => creditLedger.id),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('sla_credits_server_month_idx').on(t.serverId, t.month),
    index('sla_credits_user_idx').on(t.userId),
    check('sla_credits_amount_check', sql`${t.amountCents} > 0 and ${t.amountCents} <= ${t.feeCents}`),
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

export const refundMethods = ['card', 'credit'] as const;
export type RefundMethod = (typeof refundMethods)[number];

/**
 * A refund of part or all of a payment. It is reserved as 'pending' (counted against what is
 * left to refund) before the provider is called, so two refunds racing cannot pass the amount
 * paid; 'succeeded' issues its credit note, 'failed' frees the amount again.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    method: text('method').$type<RefundMethod>().notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('pending'),
    reason: text('reason').notNull(),
    cancelService: boolean('cancel_service').notNull().default(false),
    /** The staff member who asked for it; null when the system refunded (provisioning gave up). */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: at('created_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountCents} > 0`),
    check('refunds_method_check', sql`${t.method} in ('card', 'credit')`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    index('refunds_purchase_idx').on(t.purchaseId),
    index('refunds_created_idx').on(t.createdAt),
  ],
);

/**
 * The document a refund issues (CN-000001, from the gapless 'credit_note' counter), linked to the
 * invoice it corrects; invoices are never edited. Its tax is the invoice's, in proportion.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey(),
    number: text('number').notNull().unique('credit_notes_number_unique'),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was refunded, tax included (the gross). */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    netCents: integer('net_cents').notNull(),
    taxCents: integer('tax_cents').notNull().default(0),
    taxLines: jsonb('tax_lines').$type<TaxLineView[]>().notNull().default([]),
    seller: jsonb('seller').$type<SellerSnapshot>(),
    buyer: jsonb('buyer').$type<BuyerSnapshot>(),
    method: text('method').$type<RefundMethod>().notNull(),
    reason: text('reason').notNull(),
    /**
     * The business days a card refund takes, as Settings said when the note was issued (decision
     * 082): the note states them, and a later change of the rule does not rewrite it.
     */
    refundDaysMin: integer('refund_days_min').notNull(),
    refundDaysMax: integer('refund_days_max').notNull(),
    issuedAt: at('issued_at').notNull(),
  },
  (t) => [
    uniqueIndex('credit_notes_refund_idx').on(t.refundId),
    check('credit_notes_gross_check', sql`${t.amountCents} = ${t.netCents} + ${t.taxCents}`),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_user_idx').on(t.userId, t.issuedAt),
  ],
);

/** Refunds made by the built-in checkout (the embedded provider), one per idempotency key. */
export const localRefunds = pgTable(
  'local_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('local_refunds_payment_idx').on(t.paymentId)],
);
