import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { localCheckoutSessions } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Cards saved by the built-in checkout (Stripe keeps its own). Only the brand, last four digits
 * and expiry are kept, never the number. `fails_renewals` marks Stripe's test card
 * 4000 0000 0000 0341: the first payment succeeds, every later off-session charge is declined.
 */
export const localPaymentMethods = pgTable(
  'local_payment_methods',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => localCheckoutSessions.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    failsRenewals: boolean('fails_renewals').notNull().default(false),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('local_payment_methods_session_idx').on(t.sessionId),
    index('local_payment_methods_user_idx').on(t.userId, t.createdAt),
  ],
);
