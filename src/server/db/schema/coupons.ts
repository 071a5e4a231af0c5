import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CouponDuration, CouponKind } from '../../../shared/coupons';
import { users } from './auth';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A discount code staff create in /admin/coupons. `redeemed` counts the redemptions taken
 * (reserved by an unpaid order or paid); it only moves by a conditional UPDATE
 * (… set redeemed = redeemed + 1 where redeemed < max_redemptions) inside the order's transaction,
 * so it never passes the maximum however many customers race (docs/decisions/019-coupons.md).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: uuid('id').primaryKey(),
    /** Upper case; customers' input is upper-cased before it is looked up. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind').$type<CouponKind>().notNull(),
    /** Whole percent (1–100) for 'percent', cents for 'fixed'. */
    amount: integer('amount').notNull(),
    duration: text('duration').$type<CouponDuration>().notNull(),
    durationPeriods: integer('duration_periods'),
    expiresAt: at('expires_at'),
    maxRedemptions: integer('max_redemptions'),
    redeemed: integer('redeemed').notNull().default(0),
    oncePerCustomer: boolean('once_per_customer').notNull().default(true),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    games: jsonb('games').$type<string[]>().notNull().default([]),
    plans: jsonb('plans').$type<string[]>().notNull().default([]),
    packs: jsonb('packs').$type<string[]>().notNull().default([]),
    disabledAt: at('disabled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    index('coupons_created_idx').on(t.createdAt),
    check('coupons_kind_check', sql`${t.kind} in ('percent', 'fixed')`),
    check(
      'coupons_amount_check',
      sql`(${t.kind} = 'percent' and ${t.amount} between 1 and 100) or (${t.kind} = 'fixed' and ${t.amount} > 0)`,
    ),
    check(
      'coupons_duration_check',
      sql`(${t.duration} in ('once', 'forever') and ${t.durationPeriods} is null) or (${t.duration} = 'repeating' and ${t.durationPeriods} >= 1)`,
    ),
    check(
      'coupons_redeemed_check',
      sql`${t.redeemed} >= 0 and (${t.maxRedemptions} is null or ${t.maxRedemptions} >= 1)`,
    ),
  ],
);

export type CouponRedemptionStatus = 'reserved' | 'redeemed' | 'released';

/**
 * One use of a coupon by one order: 'reserved' when the checkout is created, 'redeemed' when it
 * is paid, 'released' (and the coupon's count given back) when the order expires unpaid. Renewals
 * find the coupon of a service through its first order here.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<CouponRedemptionStatus>().notNull(),
    /** What the coupon took off the first order. */
    discountCents: integer('discount_cents').notNull(),
    createdAt: at('created_at').notNull(),
    redeemedAt: at('redeemed_at'),
    releasedAt: at('released_at'),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx').on(t.orderId),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_user_idx').on(t.userId),
    check('coupon_redemptions_status_check', sql`${t.status} in ('reserved', 'redeemed', 'released')`),
  ],
);
