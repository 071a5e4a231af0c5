import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Rate-limit counters every instance shares (fixed windows): one row per hashed key, counted by an
 * atomic upsert that starts a new window when the stored one has ended. Expired rows are deleted by
 * a periodic job; a row past `reset_at` is never read as live, so a late clean-up only costs space.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** sha256 of the limiter's key (route or action, then the address, account or token), hex. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: at('reset_at').notNull(),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);
