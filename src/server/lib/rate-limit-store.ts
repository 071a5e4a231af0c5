import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiter } from './rate-limiter';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit on the shared counters (lib/rate-limiter.ts), so a route's limit
 * holds across every instance on the database. Each route counts under its own prefix, as the
 * plugin's Redis store does.
 */
export function databaseRateLimitStore(limiter: RateLimiter, now: () => number): FastifyRateLimitStoreCtor {
  // Not declared as implementing FastifyRateLimitStore: its typing of child() disagrees with what the plugin passes.
  class DatabaseStore {
    constructor(private readonly prefix = 'route|') {}

    incr(key: string, callback: Callback, timeWindow: number) {
      limiter.count(this.prefix + key, timeWindow).then(
        ({ hits, resetAt }) => callback(null, { current: hits, ttl: Math.max(0, resetAt.getTime() - now()) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    read(key: string, callback: Callback) {
      limiter.peek(this.prefix + key).then(
        (row) => callback(null, row ? { current: row.hits, ttl: Math.max(0, row.resetAt.getTime() - now()) } : { current: 0, ttl: 0 }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** The plugin asks for a store per route, with the route as `routeInfo` (empty for createRateLimit). */
    child(options: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const method = [options.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseStore(`route|${method} ${options.routeInfo?.url ?? ''}|`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
