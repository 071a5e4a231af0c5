import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/i18n/locales';
import { users } from './auth';
import { servicePriceChanges } from './catalog';
import { invoices, orders } from './orders';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const renewalStatuses = ['due', 'charging', 'failed', 'paid', 'terminated', 'cancelled'] as const;
export type RenewalStatus = (typeof renewalStatuses)[number];

/**
 * One billing period of a server after its first: charged once (the unique server + period start),
 * retried, suspended and terminated by the dunning rules (features/billing/dunning.ts). A
 * cancellation at period end is a row too, 'cancelled', never charged. Every change bumps
 * `version`, and a worker only acts when its update still matches the version it read, so two
 * workers never both charge or both send the same email.
 */
export const renewals = pgTable(
  'renewals',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order whose configuration and prices are renewed. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** The period's price after any coupon, in the catalog's terms (as orders.total_cents). */
    amountCents: integer('amount_cents').notNull(),
    /** What the period's invoice charges, tax included; set when the invoice is issued (null before). */
    grossCents: integer('gross_cents'),
    /** The announced price change this period is charged at (its lines go on the invoice); null: the order's price. */
    priceChangeId: uuid('price_change_id').references(() => servicePriceChanges.id),
    /** Account credit applied to this period's invoice; the card is charged the rest. */
    creditCents: integer('credit_cents').notNull().default(0),
    /** Left of the invoice under the provider's minimum charge once credit was spent, and waived (decision 047). */
    waivedCents: integer('waived_cents').notNull().default(0),
    status: text('status').$type<RenewalStatus>().notNull().default('due'),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: at('last_attempt_at'),
    /** When the job should look at it again: the next charge, suspension or termination. */
    nextAttemptAt: at('next_attempt_at'),
    lastError: text('last_error'),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    /** The renewal's own paid order (purchases are one per order). */
    paidOrderId: uuid('paid_order_id').references(() => orders.id),
    providerPaymentId: text('provider_payment_id'),
    /** The customer's language when the period was opened: its card charge is described in it (decisions 082, 084); null on rows from before (English). */
    locale: text('locale').$type<Locale>(),
    /** The saved card (and provider customer) this attempt's charge was first sent with: a retry of the attempt sends the same (decision 084). */
    chargeMethodId: text('charge_method_id'),
    chargeCustomerId: text('charge_customer_id'),
    suspendedAt: at('suspended_at'),
    endedAt: at('ended_at'),
    /** The server's newest backup when it was deleted, downloadable until backup_kept_until. */
    lastBackupId: text('last_backup_id'),
    backupKeptUntil: at('backup_kept_until'),
    version: integer('version').notNull().default(0),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('renewals_server_period_idx').on(t.serverId, t.periodStart),
    index('renewals_next_attempt_idx').on(t.status, t.nextAttemptAt),
    index('renewals_user_idx').on(t.userId, t.createdAt),
    check('renewals_status_check', sql`${t.status} in ('due','charging','failed','paid','terminated','cancelled')`),
    check('renewals_amount_check', sql`${t.amountCents} >= 0 and ${t.creditCents} >= 0 and ${t.creditCents} <= ${t.amountCents}`),
  ],
);
