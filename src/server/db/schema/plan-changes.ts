import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/i18n/locales';
import { users } from './auth';
import { invoices, orders, type OrderLine } from './orders';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const planChangeKinds = ['upgrade', 'downgrade'] as const;
export type PlanChangeKind = (typeof planChangeKinds)[number];

/**
 * Upgrade: charging (saved card or credit) or awaiting_payment (a checkout) → paid (the resize job
 * is queued) → completed, or refunded when the panel could not resize; failed when the card was
 * declined; cancelled when its checkout expired. Downgrade: scheduled → applying (at the renewal:
 * the service takes the smaller plan and its resize is queued) → completed, or failed when the
 * panel would not resize; cancelled by the customer, or at the renewal when the data no longer fits.
 */
export const planChangeStatuses = ['awaiting_payment', 'charging', 'paid', 'completed', 'failed', 'refunded', 'scheduled', 'applying', 'cancelled'] as const;
export type PlanChangeStatus = (typeof planChangeStatuses)[number];

/** Statuses in which a change is still under way: at most one per server. */
export const openPlanChangeStatuses = ['awaiting_payment', 'charging', 'paid', 'scheduled', 'applying'] as const satisfies readonly PlanChangeStatus[];

/** A customer's change of a server's plan or add-ons (docs/decisions/024-plan-changes-and-proration.md). */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PlanChangeKind>().notNull(),
    status: text('status').$type<PlanChangeStatus>().notNull(),
    fromPlanId: text('from_plan_id').notNull(),
    fromPlanName: text('from_plan_name').notNull(),
    fromAddons: jsonb('from_addons').$type<Record<string, number>>().notNull(),
    fromRamGb: integer('from_ram_gb').notNull(),
    fromDiskGb: integer('from_disk_gb').notNull(),
    toPlanId: text('to_plan_id').notNull(),
    toPlanName: text('to_plan_name').notNull(),
    toAddons: jsonb('to_addons').$type<Record<string, number>>().notNull(),
    toRamGb: integer('to_ram_gb').notNull(),
    toVcpu: numeric('to_vcpu', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    toDiskGb: integer('to_disk_gb').notNull(),
    toPlayerCap: integer('to_player_cap').notNull(),
    /** The catalog version the new plan was priced with. */
    catalogVersion: integer('catalog_version').notNull(),
    /** The period the upgrade is prorated over; a downgrade takes effect at period_end. */
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** The whole period's price before and after, after the period discount and any coupon (catalog terms). */
    fromCents: integer('from_cents').notNull(),
    toCents: integer('to_cents').notNull(),
    /** The prorated difference charged now (catalog terms); 0 for a downgrade. */
    amountCents: integer('amount_cents').notNull(),
    /** What the charge came to, tax included, and how much of it account credit paid. */
    grossCents: integer('gross_cents'),
    creditCents: integer('credit_cents').notNull().default(0),
    /** The service's currency (decision 053): a change is paid in what the service was bought in. */
    currency: text('currency').notNull().default('usd'),
    /** What renewals charge from now on, before any coupon, with its invoice lines. */
    renewalCents: integer('renewal_cents').notNull(),
    renewalLines: jsonb('renewal_lines').$type<OrderLine[]>().notNull(),
    renewalSubtotalCents: integer('renewal_subtotal_cents').notNull(),
    renewalDiscountCents: integer('renewal_discount_cents').notNull(),
    /** The charge's order (kind 'plan_change'), its invoice and the provider's payment. */
    orderId: uuid('order_id').references(() => orders.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    providerPaymentId: text('provider_payment_id'),
    /** Why it failed, was refunded or cancelled, in words for the customer. */
    reason: text('reason'),
    /**
     * The customer's language when the change was made (decision 082): a saved card's charge is
     * described in it, the same on every retry. Null on changes from before it was stored: English.
     */
    /**
     * The saved card and its provider customer the first card charge was sent with, and when
     * (decision 084): every retry sends the same parameters under the same key, whatever the
     * default card is now; the card cannot be removed while the charge is open.
     */
    chargeMethodId: text('charge_method_id'),
    chargeCustomerId: text('charge_customer_id'),
    chargeTriedAt: at('charge_tried_at'),
    locale: text('locale').$type<Locale>(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    completedAt: at('completed_at'),
  },
  (t) => [
    uniqueIndex('plan_changes_open_idx')
      .on(t.serverId)
      .where(sql`${t.status} in ('awaiting_payment','charging','paid','scheduled','applying')`),
    uniqueIndex('plan_changes_order_idx').on(t.orderId),
    index('plan_changes_user_idx').on(t.userId, t.createdAt),
    index('plan_changes_status_idx').on(t.status, t.periodEnd),
    check('plan_changes_kind_check', sql`${t.kind} in ('upgrade','downgrade')`),
    check(
      'plan_changes_status_check',
      sql`${t.status} in ('awaiting_payment','charging','paid','completed','failed','refunded','scheduled','applying','cancelled')`,
    ),
    check('plan_changes_amount_check', sql`${t.amountCents} >= 0 and ${t.creditCents} >= 0`),
  ],
);
