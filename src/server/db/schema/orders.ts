import { sql } from 'drizzle-orm';
import type { LineText } from '../../../shared/line-text';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BuyerSnapshot, SellerSnapshot, TaxLineView } from '../../../shared/schemas/tax';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The taxes of an order or invoice (docs/decisions/023-taxes-and-invoice-numbering.md). `total_cents`
 * stays subtotal − discount − coupon in the catalog's terms; these say what that is net and gross:
 * without tax in prices net = total, with tax in prices gross = total. The gross is what is charged.
 */
const taxColumns = () => ({
  /** Whether the catalog prices (and so the lines and total) included tax. */
  taxInclusive: boolean('tax_inclusive').notNull().default(false),
  netCents: integer('net_cents').notNull(),
  taxCents: integer('tax_cents').notNull().default(0),
  grossCents: integer('gross_cents').notNull(),
  taxLines: jsonb('tax_lines').$type<TaxLineView[]>().notNull().default([]),
  /** An EU business from another member state: 0% under reverse charge, with the note on the invoice. */
  reverseCharge: boolean('reverse_charge').notNull().default(false),
});

export interface OrderLine {
  /** 'coupon': the coupon's negative line after the items (shared/coupons.ts); absent for an item. */
  kind?: 'coupon';
  /** The English words, kept for rows written before `text` and for staff's exports. */
  description: string;
  /** The same words as a message, read in the reader's language (shared/line-text.ts). */
  text?: LineText;
  quantity: number;
  unitCents: number;
  amountCents: number;
}

/**
 * What a customer chose and was quoted, priced on the server from the catalog. A server order
 * carries the configuration; a pack order carries the pack. Unpaid orders expire after 24 hours.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'plan_change': the prorated charge of an upgrade (plan_changes.order_id). */
    kind: text('kind').$type<'server' | 'pack' | 'plan_change' | 'region_move'>().notNull(),
    status: text('status').$type<'pending' | 'paid' | 'expired' | 'refunded'>().notNull().default('pending'),
    game: text('game'),
    planId: text('plan_id'),
    period: text('period'),
    months: integer('months').notNull().default(1),
    location: text('location'),
    addons: jsonb('addons').$type<Record<string, number>>().notNull().default({}),
    serverName: text('server_name'),
    packId: text('pack_id'),
    /** Human name of what was bought: "Minecraft 4GB" or "Essentials". */
    planName: text('plan_name').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    ...taxColumns(),
    /** The buyer's billing details the order was taxed with, copied to its invoice. */
    buyer: jsonb('buyer').$type<BuyerSnapshot>(),
    /** The catalog version it was priced with (catalog_versions.version). */
    catalogVersion: integer('catalog_version'),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    /** The provider's checkout session id (Stripe cs_..., or the built-in checkout's id). */
    providerSessionId: text('provider_session_id'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    paidAt: at('paid_at'),
  },
  (t) => [
    check('orders_kind_check', sql`${t.kind} in ('server', 'pack', 'plan_change', 'region_move')`),
    check('orders_total_check', sql`${t.totalCents} >= 0`),
    check('orders_gross_check', sql`${t.grossCents} = ${t.netCents} + ${t.taxCents}`),
    uniqueIndex('orders_provider_session_idx').on(t.provider, t.providerSessionId),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_status_idx').on(t.status, t.expiresAt),
    index('orders_created_idx').on(t.createdAt, t.id),
  ],
);

/** One row per successful payment (the spec's purchase). The unique order id makes fulfilment idempotent. */
export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    planName: text('plan_name').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<'paid' | 'refunded'>().notNull().default('paid'),
    provider: text('provider').notNull(),
    /** Stripe payment_intent id, or the built-in checkout's charge id; used for refunds. */
    providerPaymentId: text('provider_payment_id'),
    /** Part of amount_cents that was under the provider's minimum charge and waived, never received (decision 047). */
    waivedCents: integer('waived_cents').notNull().default(0),
    createdAt: at('created_at').notNull(),
    refundedAt: at('refunded_at'),
    refundReason: text('refund_reason'),
  },
  (t) => [
    uniqueIndex('purchases_order_idx').on(t.orderId),
    index('purchases_user_idx').on(t.userId, t.createdAt),
    index('purchases_created_idx').on(t.createdAt),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey(),
    /** e.g. INV-001001, from the gapless 'invoice' counter (document_counters). */
    number: text('number').notNull().unique('invoices_number_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id').references(() => purchases.id),
    orderId: uuid('order_id').references(() => orders.id),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    ...taxColumns(),
    /** The store's legal name, address and tax ID when the invoice was issued; null on invoices issued before. */
    seller: jsonb('seller').$type<SellerSnapshot>(),
    /** The buyer's billing details when the invoice was issued. */
    buyer: jsonb('buyer').$type<BuyerSnapshot>(),
    /** The legal note printed under the totals (reverse charge). */
    taxNote: text('tax_note'),
    status: text('status').$type<'paid' | 'refunded' | 'pending' | 'failed'>().notNull(),
    issuedAt: at('issued_at').notNull(),
  },
  (t) => [
    check('invoices_gross_check', sql`${t.grossCents} = ${t.netCents} + ${t.taxCents}`),
    uniqueIndex('invoices_purchase_idx').on(t.purchaseId),
    index('invoices_user_idx').on(t.userId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt, t.id),
  ],
);

/** Every provider event id seen, so a redelivered webhook is recognised and ignored; `received_at` is the latest claim (features/checkout/payment-events.ts). */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: at('received_at').notNull(),
  processedAt: at('processed_at'),
});

/** The built-in hosted checkout's own sessions and charges (the embedded payment provider). */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
  paymentStatus: text('payment_status').$type<'unpaid' | 'paid'>().notNull().default('unpaid'),
  chargeId: text('charge_id'),
  cardLast4: text('card_last4'),
  cardBrand: text('card_brand'),
  lastError: text('last_error'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  createdAt: at('created_at').notNull(),
  expiresAt: at('expires_at').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
});
