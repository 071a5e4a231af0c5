import type { Clock } from './runtime';

export interface RateRule {
  max: number;
  windowMs: number;
}

interface Bucket {
  count: number;
  resetAt: number;
}

/**
 * Fixed-window counters kept in memory, timed by the injected clock. Enough for one instance;
 * several instances behind a balancer each count separately, which only loosens the limit.
 */
export function createRateLimiter(clock: Clock, maxKeys = 100_000) {
  const buckets = new Map<string, Bucket>();

  function sweep(now: number) {
    for (const [key, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(key);
  }

  return {
    /** Counts one hit; answers 0 when allowed, else the milliseconds until the window resets. */
    hit(key: string, rule: RateRule): number {
      const now = clock.now().getTime();
      let bucket = buckets.get(key);
      if (!bucket || bucket.resetAt <= now) {
        if (buckets.size >= maxKeys) sweep(now);
        bucket = { count: 0, resetAt: now + rule.windowMs };
        buckets.set(key, bucket);
      }
      bucket.count += 1;
      return bucket.count > rule.max ? bucket.resetAt - now : 0;
    },
    reset(key: string) {
      buckets.delete(key);
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;
