import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyAttempts } from '../../lib/errors';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter';

export type AuthAction =
  | 'signup'
  | 'login'
  | 'passwordReset'
  | 'resendVerification'
  | 'passwordChange'
  | 'twoFactorDisable'
  | 'verifyEmail';

/** What a rule counts: the client address, the account (email), or the pair. */
export type LimitScope = 'ip' | 'account' | 'ip+account';
export interface AuthLimitRule extends RateRule {
  scope: LimitScope;
  /** A growing delay after `max` attempts instead of a block until the window ends (lib/rate-limiter.ts throttle). */
  backoff?: { baseMs: number; capMs: number };
}
export type AuthLimits = Record<AuthAction, AuthLimitRule[]>;

const minutes = (n: number) => n * 60_000;

/**
 * Per IP against one client hammering many accounts; per account against many clients hammering
 * one. Sign-in's per-account rule is a growing delay, never a block, and a device that signed in to
 * the account before skips it (known-devices.ts), so strangers cannot lock the owner out
 * (docs/decisions/031-sign-in-throttling.md). A password change and turning two-factor off check
 * the password like a sign-in, so they are limited like one; the account there is the signed-in user.
 * Following a verify link checks the account's password too: counted per account (the link's) and
 * per IP, so the password cannot be guessed through the link; only holders of a valid link get that far.
 */
export const defaultAuthLimits: AuthLimits = {
  login: [
    { scope: 'ip+account', max: 10, windowMs: minutes(15) },
    { scope: 'ip', max: 30, windowMs: minutes(15) },
    { scope: 'account', max: 10, windowMs: minutes(60), backoff: { baseMs: 30_000, capMs: minutes(5) } },
  ],
  passwordChange: [
    { scope: 'account', max: 10, windowMs: minutes(15) },
    { scope: 'ip', max: 30, windowMs: minutes(15) },
  ],
  twoFactorDisable: [
    { scope: 'account', max: 10, windowMs: minutes(15) },
    { scope: 'ip', max: 30, windowMs: minutes(15) },
  ],
  verifyEmail: [
    { scope: 'account', max: 10, windowMs: minutes(60) },
    { scope: 'ip', max: 30, windowMs: minutes(15) },
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

function keyFor(action: AuthAction, rule: AuthLimitRule, ip: string, account: string): string {
  if (rule.scope === 'ip') return `${action}|ip|${ip}`;
  if (rule.scope === 'account') return `${action}|${rule.backoff ? 'delay' : 'account'}|${account}`;
  return `${action}|pair|${ip}|${account}`;
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

/** `knownDevice`: the attempt comes from a device that signed in to this account before, exempt from per-account rules. */
export interface AttemptOptions {
  knownDevice?: boolean;
}

/** Counted in the shared table (lib/rate-limiter.ts), so the limits hold across instances. */
export function createAuthRateLimits(limiter: RateLimiter, overrides: Partial<AuthLimits> = {}) {
  const limits: AuthLimits = { ...defaultAuthLimits, ...overrides };
  const rulesFor = (action: AuthAction, options: AttemptOptions) =>
    limits[action].filter((rule) => !(options.knownDevice && rule.scope === 'account'));
  return {
    /**
     * Counts one attempt; throws 429 with Retry-After when any rule is over its limit. The delays
     * are asked last, so an attempt another rule refuses does not use up the account's next turn.
     */
    async check(action: AuthAction, ip: string, account: string, options: AttemptOptions = {}) {
      const rules = rulesFor(action, options);
      let wait = 0;
      for (const rule of rules.filter((r) => !r.backoff)) wait = Math.max(wait, await limiter.hit(keyFor(action, rule, ip, account), rule));
      if (wait > 0) throw tooManyAttempts(wait);
      for (const rule of rules) {
        if (rule.backoff) wait = Math.max(wait, await limiter.throttle(keyFor(action, rule, ip, account), { ...rule, ...rule.backoff }));
      }
      if (wait > 0) throw tooManyAttempts(wait);
    },
    /** After a success, the failed attempts of the pair and of the account (unless a known device skipped them) are forgiven. */
    async forgive(action: AuthAction, ip: string, account: string, options: AttemptOptions = {}) {
      for (const rule of rulesFor(action, options)) {
        if (rule.scope !== 'ip') await limiter.reset(keyFor(action, rule, ip, account));
      }
    },
  };
}
export type AuthRateLimits = ReturnType<typeof createAuthRateLimits>;

/**
 * Route hooks for a signed-in action that checks the password or a code as sign-in does (password
 * change, turning two-factor off): each attempt is counted per account (the user) and per IP before
 * the handler runs, and a success forgives the account's count. Spread into the route's options,
 * after `onRequest: signedIn`.
 */
export function attemptLimits(limits: AuthRateLimits, action: AuthAction) {
  return {
    preHandler: async (request: FastifyRequest) => {
      if (request.user) await limits.check(action, request.ip, request.user.id);
    },
    onResponse: async (request: FastifyRequest, reply: FastifyReply) => {
      if (request.user && reply.statusCode < 400) await limits.forgive(action, request.ip, request.user.id);
    },
  };
}
