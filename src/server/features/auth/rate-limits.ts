import { tooManyAttempts } from '../../lib/errors';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter';

export type AuthAction = 'signup' | 'login' | 'passwordReset' | 'resendVerification';

/** What a rule counts: the client address, the account (email), or the pair. */
export type LimitScope = 'ip' | 'account' | 'ip+account';
export interface AuthLimitRule extends RateRule {
  scope: LimitScope;
}
export type AuthLimits = Record<AuthAction, AuthLimitRule[]>;

const minutes = (n: number) => n * 60_000;

/**
 * Per IP against one client hammering many accounts; per account against many clients
 * hammering one (the account limit is looser, so a stranger cannot easily lock an owner out).
 */
export const defaultAuthLimits: AuthLimits = {
  login: [
    { scope: 'ip+account', max: 10, windowMs: minutes(15) },
    { scope: 'ip', max: 30, windowMs: minutes(15) },
    { scope: 'account', max: 50, windowMs: minutes(15) },
  ],
  signup: [
    { scope: 'ip', max: 10, windowMs: minutes(60) },
    { scope: 'account', max: 5, windowMs: minutes(60) },
  ],
  passwordReset: [
    { scope: 'ip', max: 10, windowMs: minutes(60) },
    { scope: 'account', max: 5, windowMs: minutes(60) },
  ],
  resendVerification: [
    { scope: 'ip', max: 10, windowMs: minutes(60) },
    { scope: 'account', max: 5, windowMs: minutes(60) },
  ],
};

function keyFor(action: AuthAction, rule: AuthLimitRule, ip: string, email: string): string {
  if (rule.scope === 'ip') return `${action}|ip|${ip}`;
  if (rule.scope === 'account') return `${action}|account|${email}`;
  return `${action}|pair|${ip}|${email}`;
}

/** The per-IP limits multiplied (a shared test host signs up many accounts from one address). */
export function scaleIpLimits(limits: AuthLimits, factor: number): AuthLimits {
  if (factor === 1) return limits;
  const scaled = {} as AuthLimits;
  for (const [action, rules] of Object.entries(limits) as [AuthAction, AuthLimitRule[]][]) {
    scaled[action] = rules.map((r) => (r.scope === 'ip' ? { ...r, max: r.max * factor } : r));
  }
  return scaled;
}

/** Counted in the shared table (lib/rate-limiter.ts), so the limits hold across instances. */
export function createAuthRateLimits(limiter: RateLimiter, overrides: Partial<AuthLimits> = {}) {
  const limits: AuthLimits = { ...defaultAuthLimits, ...overrides };
  return {
    /** Counts one attempt; throws 429 with Retry-After when any rule is over its limit. */
    async check(action: AuthAction, ip: string, email: string) {
      let wait = 0;
      for (const rule of limits[action]) wait = Math.max(wait, await limiter.hit(keyFor(action, rule, ip, email), rule));
      if (wait > 0) throw tooManyAttempts(wait);
    },
    /** After a successful sign-in, the pair's failed attempts are forgiven. */
    async forgive(action: AuthAction, ip: string, email: string) {
      for (const rule of limits[action]) {
        if (rule.scope === 'ip+account') await limiter.reset(keyFor(action, rule, ip, email));
      }
    },
  };
}
export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;
