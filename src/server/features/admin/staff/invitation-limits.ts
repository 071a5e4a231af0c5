import { tooManyAttempts } from '../../../lib/errors';
import type { RateLimiter, RateRule } from '../../../lib/rate-limiter';

const minutes = (n: number) => n * 60_000;

/**
 * Limits on the public invitation routes, shaped like the sign-in ones: per client address
 * (scaled by AUTH_IP_LIMIT_SCALE for shared test hosts) and per link, so guessing tokens or
 * hammering one link is slowed down.
 */
export function createInvitationLimits(limiter: RateLimiter, ipScale = 1) {
  const rules: Record<'preview' | 'accept', { ip: RateRule; token: RateRule }> = {
    preview: { ip: { max: 60 * ipScale, windowMs: minutes(15) }, token: { max: 30, windowMs: minutes(15) } },
    accept: { ip: { max: 20 * ipScale, windowMs: minutes(15) }, token: { max: 10, windowMs: minutes(15) } },
  };
  return {
    async check(action: 'preview' | 'accept', ip: string, token: string) {
      const rule = rules[action];
      const wait = Math.max(
        await limiter.hit(`invitation|${action}|ip|${ip}`, rule.ip),
        await limiter.hit(`invitation|${action}|token|${token.slice(0, 200)}`, rule.token),
      );
      if (wait > 0) throw tooManyAttempts(wait);
    },
  };
}
