/**
 * The panel's request throttles, as Laravel's ThrottleRequests middleware applies them
 * (Illuminate\Routing\Middleware\ThrottleRequests with Illuminate\Cache\RateLimiter):
 *
 * - Pterodactyl 1.11, app/Providers/RouteServiceProvider.php: the `api.client` limiter,
 *   `Limit::perMinutes(1, 720)` by the key's user uuid (config/http.php, APP_API_CLIENT_RATELIMIT).
 * - Pelican, config/http.php: the same limiter at 256 a minute, and app/Enums/ResourceLimit.php's
 *   `Websocket` limit, 5 a minute by server uuid (not by user) on GET /websocket (routes/api-client.php).
 *
 * A limit is a fixed window opened by its first hit; a refused request is not counted. Every answer
 * under a limit carries X-RateLimit-Limit and X-RateLimit-Remaining; a refusal is a 429 with
 * Retry-After (seconds until the window ends) and X-RateLimit-Reset (its Unix time), and the
 * Handler's body `{"errors":[{"code":"ThrottleRequestsException","status":"429","detail":"Too Many Attempts."}]}`.
 */
export interface ThrottleRule {
  max: number;
  /** The window: Laravel's decay minutes, in milliseconds here so a test may shorten it. */
  windowMs: number;
}

export interface ThrottleVerdict {
  allowed: boolean;
  headers: Record<string, string>;
}

export function createThrottle(now: () => number) {
  const windows = new Map<string, { hits: number; endsAt: number }>();
  const refusals = new Map<string, number>();

  return {
    /** Counts one request under `rule` for `key`, unless it is refused. */
    hit(key: string, rule: ThrottleRule): ThrottleVerdict {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        window = { hits: 0, endsAt: at + rule.windowMs };
        windows.set(key, window);
      }
      if (window.hits >= rule.max) {
        const retryAfter = Math.max(1, Math.ceil((window.endsAt - at) / 1000));
        refusals.set(key, (refusals.get(key) ?? 0) + 1);
        return {
          allowed: false,
          headers: {
            'x-ratelimit-limit': String(rule.max),
            'x-ratelimit-remaining': '0',
            'retry-after': String(retryAfter),
            'x-ratelimit-reset': String(Math.floor(at / 1000) + retryAfter),
          },
        };
      }
      window.hits += 1;
      return {
        allowed: true,
        headers: { 'x-ratelimit-limit': String(rule.max), 'x-ratelimit-remaining': String(rule.max - window.hits) },
      };
    },
    /** How many requests under `key` were refused so far. */
    refused(key: string): number {
      return refusals.get(key) ?? 0;
    },
  };
}

export const throttled = {
  errors: [{ code: 'ThrottleRequestsException', status: '429', detail: 'Too Many Attempts.' }],
};
