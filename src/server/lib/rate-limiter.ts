import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './runtime';
import { sha256Hex } from './secrets';

export interface RateRule {
  max: number;
  windowMs: number;
}

/** A window's count after one more hit, and when the window ends. */
export interface RateCount {
  hits: number;
  resetAt: Date;
}

/**
 * Fixed-window counters in the database, so every instance on it counts against the same limit.
 * Keys are stored hashed (they hold addresses, emails and invitation tokens). Timed by the injected
 * clock, which is the system clock outside tests.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  const t = rateLimitCounters;
  const stored = (key: string) => sha256Hex(key);

  /** One more hit: a new window when there is none or the stored one has ended, else one more in it. */
  async function count(key: string, windowMs: number): Promise<RateCount> {
    const now = clock.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(t)
      .values({ key: stored(key), hits: 1, resetAt: new Date(now.getTime() + windowMs) })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          hits: sql`case when ${t.resetAt} <= ${nowSql} then 1 else ${t.hits} + 1 end`,
          resetAt: sql`case when ${t.resetAt} <= ${nowSql} then excluded.reset_at else ${t.resetAt} end`,
        },
      })
      .returning({ hits: t.hits, resetAt: t.resetAt });
    if (!row) throw new Error('rate limit upsert returned no row');
    return row;
  }

  return {
    count,

    /** The window's count without counting (0 when there is no live window). */
    async peek(key: string): Promise<RateCount | null> {
      const [row] = await db
        .select({ hits: t.hits, resetAt: t.resetAt })
        .from(t)
        .where(sql`${t.key} = ${stored(key)} and ${t.resetAt} > ${clock.now().toISOString()}::timestamptz`);
      return row ?? null;
    },

    /** Counts one hit; answers 0 when allowed, else the milliseconds until the window resets. */
    async hit(key: string, rule: RateRule): Promise<number> {
      const { hits, resetAt } = await count(key, rule.windowMs);
      return hits > rule.max ? Math.max(1, resetAt.getTime() - clock.now().getTime()) : 0;
    },

    async reset(key: string): Promise<void> {
      await db.delete(t).where(sql`${t.key} = ${stored(key)}`);
    },

    /** Deletes the rows whose window has ended; answers how many. */
    async deleteExpired(): Promise<number> {
      const gone = await db.delete(t).where(lte(t.resetAt, clock.now())).returning({ key: t.key });
      return gone.length;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
