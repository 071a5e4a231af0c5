import { isIP } from 'node:net';
import { z } from 'zod';

/** Digits only, like PORT: a whole number of at most `max`. */
function wholeNumber(max: number) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().max(max, `must be at most ${max}`));
}

/** A JSON value in one variable, checked against `inner`. */
function jsonEnv<T extends z.ZodType>(inner: T, example: string) {
  return z
    .string()
    .transform((text, ctx): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: `must be JSON, for example ${example}` });
        return z.NEVER;
      }
    })
    .pipe(inner);
}

/** proxy-addr's names for ranges, accepted by Fastify's `trustProxy` beside addresses and CIDRs. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Which peers may set the client's address with X-Forwarded-For, as Fastify's `trustProxy` takes
 * it: `false`; a hop count (`1` for one proxy in front); or the proxies' addresses and CIDRs,
 * comma-separated. `true` trusts every peer, so the left-most entry, which the client writes,
 * becomes its address: loadConfig refuses it in production.
 */
function trustProxySchema() {
  return z
    .string()
    .trim()
    .default('false')
    .transform((text, ctx): boolean | number | string[] => {
      if (text === 'false' || text === '0') return false;
      if (text === 'true') return true;
      if (/^\d{1,2}$/.test(text)) return Number(text);
      const entries = text.split(',').map((s) => s.trim()).filter(Boolean);
      const bad = entries.filter((e) => !isProxyAddress(e));
      if (entries.length === 0 || bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be false, the number of proxies in front (1), or their addresses and CIDRs separated by commas (10.0.0.2,172.16.0.0/12); not understood: ${bad.join(', ') || text}`,
        });
        return z.NEVER;
      }
      return entries;
    });
}

/** How a game is created on Pterodactyl/Pelican; docker_image and startup default to the egg's. */
const panelEggSchema = z.object({
  egg: z.number().int().positive(),
  /** Pterodactyl only: the nest of the egg, needed to read the egg's defaults. */
  nest: z.number().int().positive().optional(),
  docker_image: z.string().min(1).optional(),
  startup: z.string().min(1).optional(),
  environment: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  /**
   * The egg variable that holds the game version, for software switching (keys "minecraft:paper"
   * and the like); by default the first of MINECRAFT_VERSION, MC_VERSION, VANILLA_VERSION, VERSION the egg has.
   */
  version_variable: z.string().regex(/^[A-Z0-9_]{1,191}$/, 'must be an egg variable name such as MINECRAFT_VERSION').optional(),
});
export type PanelEggConfig = z.infer<typeof panelEggSchema>;

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Digits only: z.coerce.number() read ' ' as port 0 (a random port) and '0x10' as 16.
  PORT: z
    .string()
    .trim()
    .regex(/^\d{1,5}$/, 'must be a whole number from 0 to 65535')
    .transform(Number)
    .pipe(z.number().max(65535, 'must be a whole number from 0 to 65535'))
    .default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  BRAND_NAME: z.string().trim().min(1).max(40).default('Spawnpoint'),
  PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://host.example' }).optional(),
  SUPPORT_EMAIL: z.email().default('support@spawnpoint.local'),
  /**
   * Comma-separated addresses that get the admin role once verified: at verification, or when a
   * verified account signs in; never at sign-up (decision 030).
   */
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((e) => e.trim().toLowerCase()).filter(Boolean))
    .pipe(z.array(z.email('must list email addresses separated by commas'))),
  /** smtp://user:pass@host:port or smtps://...; when unset, email goes to the built-in mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From header of outgoing email; defaults to the brand at no-reply@ the support domain. */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  /** Simulated panel (the default): seconds a new server takes to install. */
  SIM_PANEL_INSTALL_SECONDS: wholeNumber(3600).default(20),
  /** Simulated panel: how many servers each location holds. */
  SIM_PANEL_CAPACITY: wholeNumber(100_000).default(50),
  /** Simulated panel: per-location overrides of SIM_PANEL_CAPACITY, e.g. {"eu-west":0} for a full location. */
  SIM_PANEL_CAPACITY_BY_LOCATION: jsonEnv(z.record(z.string(), z.number().int().min(0)), '{"eu-west":0}').default({}),
  /** Pterodactyl or Pelican base URL; with PANEL_APPLICATION_KEY it replaces the simulated panel. */
  PANEL_URL: z.url({ message: 'must be an absolute URL such as https://panel.example' }).optional(),
  PANEL_APPLICATION_KEY: z.string().trim().min(1).optional(),
  /** A client API key of a panel admin, for power, console and usage (issue 5). */
  PANEL_CLIENT_KEY: z.string().trim().min(1).optional(),
  PANEL_FLAVOR: z.enum(['pterodactyl', 'pelican']).default('pterodactyl'),
  /**
   * The panel's APP_API_CLIENT_RATELIMIT: requests a minute it allows the client key's user. Unset:
   * the panel's default, 720 on Pterodactyl and 256 on Pelican. Every instance shares one budget under it.
   */
  PANEL_CLIENT_RATE_LIMIT: wholeNumber(1_000_000).pipe(z.number().min(10, 'must be at least 10')).optional(),
  /** Game slug to egg, e.g. {"minecraft":{"egg":1,"nest":1,"environment":{"SERVER_JARFILE":"server.jar"}}}. */
  PANEL_EGGS: jsonEnv(z.record(z.string(), panelEggSchema), '{"minecraft":{"egg":1,"nest":1}}').default({}),
  /** Our location to the panel's: a location id on Pterodactyl, a node tag on Pelican, e.g. {"us-west":1}. */
  PANEL_LOCATIONS: jsonEnv(
    z.record(z.string(), z.union([z.number().int().positive(), z.string().min(1)])),
    '{"us-west":1,"eu-west":2}',
  ).default({}),
  /** Provisioning: tries per step, at the least, before the server is marked failed (the retry window must pass too). */
  PROVISION_ATTEMPTS: wholeNumber(20).pipe(z.number().min(1, 'must be at least 1')).default(5),
  /** Provisioning: the first retry delay; later ones double (5 s, 10 s, 20 s, ...) up to PROVISION_RETRY_MAX_DELAY_SECONDS. */
  PROVISION_RETRY_DELAY_SECONDS: wholeNumber(3600).default(5),
  /** Provisioning: the longest wait between two tries of a failing step. */
  PROVISION_RETRY_MAX_DELAY_SECONDS: wholeNumber(3600).pipe(z.number().min(1, 'must be at least 1')).default(300),
  /**
   * Provisioning: minutes a failing step keeps being retried before the server counts as failed, so
   * orders placed during a panel upgrade or outage are set up once it is back.
   */
  PROVISION_RETRY_WINDOW_MINUTES: wholeNumber(10_080).default(60),
  /**
   * Provisioning: minutes a failed server waits for staff to retry it before it is cleaned up and
   * its order refunded; 0 refunds at once.
   */
  PROVISION_REFUND_GRACE_MINUTES: wholeNumber(10_080).default(60),
  /** Provisioning: background jobs run at once in this process. */
  JOB_CONCURRENCY: wholeNumber(64).pipe(z.number().min(1, 'must be at least 1')).default(4),
  /** Stripe: with a secret key, Stripe Checkout replaces the built-in checkout page. */
  STRIPE_SECRET_KEY: z.string().trim().regex(/^(sk|rk)_/, 'must be a Stripe secret key (sk_... or rk_...)').optional(),
  /** The signing secret of the /api/webhooks/stripe endpoint (whsec_...); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Tests only: the Stripe API base URL (host, port and protocol are passed to the SDK). */
  STRIPE_API_URL: z.url({ message: 'must be an absolute URL such as http://127.0.0.1:12111' }).optional(),
  /**
   * The EU's VIES REST API, https://ec.europa.eu/taxation_customs/vies/rest-api, that VAT IDs are
   * checked with; unset, none can be checked, so VAT is charged until staff verify an ID by hand.
   */
  VIES_API_URL: z.url({ message: 'must be an absolute URL such as https://ec.europa.eu/taxation_customs/vies/rest-api' }).optional(),
  /** The built-in checkout's webhook signing secret; a random one per process when unset. */
  LOCAL_PAYMENTS_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Key of the HMAC that fingerprints referral-link visitors' IPs; random per process when unset (set it with several instances). */
  AFFILIATE_IP_SALT: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Multiplies the per-IP sign-in and sign-up limits, for hosts where many people share one address. */
  AUTH_IP_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /** Turns on GET /metrics (Prometheus), answered only with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /**
   * The key that secrets kept in the database (two-factor secrets) are encrypted with; required in
   * production. APP_SECRET_PREVIOUS lists the keys it replaced, comma-separated, still accepted
   * for reading while `npm run secrets:rotate` re-encrypts.
   */
  APP_SECRET: z.string().trim().min(32, 'must be at least 32 characters (openssl rand -base64 48)').optional(),
  APP_SECRET_PREVIOUS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().min(32, 'must list keys of at least 32 characters, separated by commas'))),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySchema(),
});

export type Config = z.infer<typeof schema> & {
  PUBLIC_URL: string;
  /** MAIL_FROM as set, else the default: `"<BRAND_NAME>" <no-reply@<SUPPORT_EMAIL's domain>>`. */
  MAIL_FROM: string;
  /** Whether MAIL_FROM was set: unset, the sender's name is the brand saved in Settings at send time. */
  MAIL_FROM_SET: boolean;
  /** The default sender's address, `no-reply@<SUPPORT_EMAIL's domain>`. */
  MAIL_FROM_ADDRESS: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The only reader of the environment. Throws one error listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`),
    );
  }
  const c = parsed.data;
  const panelProblems = [
    c.PANEL_URL && !c.PANEL_APPLICATION_KEY && 'PANEL_APPLICATION_KEY: is required when PANEL_URL is set',
    c.PANEL_APPLICATION_KEY && !c.PANEL_URL && 'PANEL_URL: is required when PANEL_APPLICATION_KEY is set',
    c.PANEL_URL && Object.keys(c.PANEL_EGGS).length === 0 && 'PANEL_EGGS: is required when PANEL_URL is set',
    c.PANEL_URL && Object.keys(c.PANEL_LOCATIONS).length === 0 && 'PANEL_LOCATIONS: is required when PANEL_URL is set',
  ].filter((p): p is string => typeof p === 'string');
  if (panelProblems.length > 0) throw new ConfigError(panelProblems);
  if (c.NODE_ENV === 'production' && c.TRUST_PROXY === true) {
    throw new ConfigError([
      'TRUST_PROXY: true lets any client choose its own address with X-Forwarded-For; in production set the number of proxies in front of the app (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.2 or 172.16.0.0/12)',
    ]);
  }
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set']);
  }
  const domain = c.SUPPORT_EMAIL.split('@')[1] ?? 'localhost';
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    MAIL_FROM: c.MAIL_FROM ?? `"${c.BRAND_NAME.replaceAll('"', '')}" <no-reply@${domain}>`,
    MAIL_FROM_SET: c.MAIL_FROM !== undefined,
    MAIL_FROM_ADDRESS: `no-reply@${domain}`,
  };
}

/**
 * What production needs beyond a valid configuration, each with the reason: `npm start` with
 * NODE_ENV=production refuses to start while any is missing. The embedded parts (PGlite, the
 * test-card checkout, the mailbox nobody reads) are for trying the product, not for customers.
 */
export function missingProductionSettings(env: Record<string, string | undefined> = process.env): string[] {
  const set = (key: string) => (env[key] ?? '').trim() !== '';
  return [
    !set('PUBLIC_URL') && 'PUBLIC_URL: is required in production: the address customers use, as in emails and payment links (https://play.example.com)',
    !set('DATABASE_URL') && 'DATABASE_URL: is required in production: a PostgreSQL database (postgres://user:password@host:5432/spawnpoint)',
    !set('STRIPE_SECRET_KEY') && 'STRIPE_SECRET_KEY: is required in production: the built-in checkout only takes test cards',
    !set('STRIPE_WEBHOOK_SECRET') && 'STRIPE_WEBHOOK_SECRET: is required in production: the signing secret of /api/webhooks/stripe',
    !set('SMTP_URL') && 'SMTP_URL: is required in production: without it no email leaves the server (smtp://user:password@host:587)',
    !set('APP_SECRET') && 'APP_SECRET: is required in production: the key of the secrets kept in the database (openssl rand -base64 48)',
  ].filter((p): p is string => typeof p === 'string');
}
