import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../shared/i18n/locales';
import { users } from './auth';
import { invoices, orders, type OrderLine } from './orders';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The steps of a move, in order (docs/decisions/029-region-moves.md). */
export const regionMoveSteps = ['stop', 'backup', 'create', 'restore', 'switch', 'remove'] as const;
export type RegionMoveStep = (typeof regionMoveSteps)[number];

/**
 * charging (a price difference being paid) → running (the job walks the steps) → completed; a
 * step that fails turns it to rolling_back → rolled_back (the old server untouched and online),
 * or failed when even the rollback could not finish (staff are told). cancelled: the charge was
 * declined, so nothing was moved.
 */
export const regionMoveStatuses = ['charging', 'running', 'rolling_back', 'completed', 'rolled_back', 'failed', 'cancelled'] as const;
export type RegionMoveStatus = (typeof regionMoveStatuses)[number];
export const openRegionMoveStatuses = ['charging', 'running', 'rolling_back'] as const satisfies readonly RegionMoveStatus[];

/** A customer's move of a server to another location. */
export const regionMoves = pgTable(
  'region_moves',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<RegionMoveStatus>().notNull(),
    /** The step being worked on (the next one to do); null once it ended. */
    step: text('step').$type<RegionMoveStep>(),
    fromLocation: text('from_location').notNull(),
    fromLabel: text('from_label').notNull(),
    toLocation: text('to_location').notNull(),
    toLabel: text('to_label').notNull(),
    /** The server as it was on the panel before the move, to come back to. */
    oldPanelServerId: text('old_panel_server_id').notNull(),
    oldIdentifier: text('old_identifier'),
    oldIp: text('old_ip'),
    oldPort: integer('old_port'),
    oldPanelUrl: text('old_panel_url'),
    /** The panel's backup taken for the move, and the server made in the new location. */
    backupId: text('backup_id'),
    newPanelServerId: text('new_panel_server_id'),
    newIdentifier: text('new_identifier'),
    newIp: text('new_ip'),
    newPort: integer('new_port'),
    newPanelUrl: text('new_panel_url'),
    catalogVersion: integer('catalog_version').notNull(),
    periodStart: at('period_start').notNull(),
    periodEnd: at('period_end').notNull(),
    /** The whole period's price in each location (catalog terms, after the period discount and coupon). */
    fromCents: integer('from_cents').notNull(),
    toCents: integer('to_cents').notNull(),
    /** The prorated difference: positive is charged before the move, negative credited when it completes. */
    amountCents: integer('amount_cents').notNull(),
    /** The charge with tax (or the credit with tax, negative), and how much account credit paid of a charge. */
    grossCents: integer('gross_cents').notNull(),
    creditCents: integer('credit_cents').notNull().default(0),
    /** The service's currency (decision 053): a move is paid in what the service was bought in. */
    currency: text('currency').notNull().default('usd'),
    /** What renewals charge after the move when the location's price differs; null when it does not. */
    renewalCents: integer('renewal_cents'),
    renewalLines: jsonb('renewal_lines').$type<OrderLine[]>(),
    renewalSubtotalCents: integer('renewal_subtotal_cents'),
    renewalDiscountCents: integer('renewal_discount_cents'),
    orderId: uuid('order_id').references(() => orders.id),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    providerPaymentId: text('provider_payment_id'),
    /** Why it was rolled back or failed, in words for the customer. */
    reason: text('reason'),
    /** The customer's language when the move was asked for (decision 082); null before it was stored: English. */
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
    uniqueIndex('region_moves_open_idx')
      .on(t.serverId)
      .where(sql`${t.status} in ('charging','running','rolling_back')`),
    index('region_moves_server_idx').on(t.serverId, t.createdAt),
    index('region_moves_status_idx').on(t.status, t.updatedAt),
    check('region_moves_status_check', sql`${t.status} in ('charging','running','rolling_back','completed','rolled_back','failed','cancelled')`),
    check('region_moves_step_check', sql`${t.step} is null or ${t.step} in ('stop','backup','create','restore','switch','remove')`),
    check('region_moves_credit_check', sql`${t.creditCents} >= 0`),
  ],
);

export const regionMoveStepStatuses = ['running', 'done', 'failed', 'undone'] as const;
export type RegionMoveStepStatus = (typeof regionMoveStepStatuses)[number];

/** Each step of a move as it happened: when it started and ended, and what went wrong. */
export const regionMoveStepLog = pgTable(
  'region_move_steps',
  {
    moveId: uuid('move_id')
      .notNull()
      .references(() => regionMoves.id, { onDelete: 'cascade' }),
    step: text('step').$type<RegionMoveStep>().notNull(),
    status: text('status').$type<RegionMoveStepStatus>().notNull(),
    /** What the customer is told about the step (a failure's words). */
    detail: text('detail'),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    primaryKey({ columns: [t.moveId, t.step] }),
    check('region_move_steps_status_check', sql`${t.status} in ('running','done','failed','undone')`),
  ],
);
