import { lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from './runtime';
import { sha256Hex } from './secrets';

export interface RateRule {
  max: number;
  windowMs: number;
}

/**
 * A growing delay instead of a block: the first `max` attempts are free, then each one must come
 * `baseMs`, 2×, 4×… (at most `capMs`) after the one before. The count is forgotten `windowMs`
 * after the last attempt let through.
 */
export interface BackoffRule extends RateRule {
  baseMs: number;
  capMs: number;
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

    /**
     * Lets one attempt through under a backoff rule and counts it, or answers the milliseconds until
     * the next one may come (a refused attempt is not counted, so waiting is never prolonged). One
     * statement, so concurrent attempts cannot all slip through the same gap.
     */
    async throttle(key: string, rule: BackoffRule): Promise<number> {
      const now = clock.now();
      const nowSql = sql`${now.toISOString()}::timestamptz`;
      // The row's reset_at is the last counted attempt plus the window.
      const allowedAt = sql`${t.resetAt} - ${rule.windowMs}::float8 * interval '1 millisecond' + least(${rule.capMs}::float8, ${rule.baseMs}::float8 * power(2::float8, least(${t.hits} - ${rule.max}::int, 30)::float8)) * interval '1 millisecond'`;
      const counted = await db
        .insert(t)
        .values({ key: stored(key), hits: 1, resetAt: new Date(now.getTime() + rule.windowMs) })
        .onConflictDoUpdate({
          target: t.key,
          set: {
            hits: sql`case when ${t.resetAt} <= ${nowSql} then 1 else ${t.hits} + 1 end`,
            resetAt: sql`excluded.reset_at`,
          },
          setWhere: sql`${t.resetAt} <= ${nowSql} or ${t.hits} < ${rule.max}::int or ${allowedAt} <= ${nowSql}`,
        })
        .returning({ hits: t.hits });
      if (counted.length > 0) return 0;
      const [row] = await db
        .select({ at: sql<number>`(extract(epoch from ${allowedAt}) * 1000)::float8` })
        .from(t)
        .where(sql`${t.key} = ${stored(key)}`);
      return row ? Math.max(1, Math.ceil(Number(row.at) - now.getTime())) : 1;
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
