import { z } from 'zod';

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
  /** smtp://user:pass@host:port or smtps://...; when unset, email goes to the built-in mailbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The From header of outgoing email; defaults to the brand at no-reply@ the support domain. */
  MAIL_FROM: z.string().trim().min(3).max(200).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export type Config = z.infer<typeof schema> & { PUBLIC_URL: string; MAIL_FROM: string };

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
  const domain = c.SUPPORT_EMAIL.split('@')[1] ?? 'localhost';
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    MAIL_FROM: c.MAIL_FROM ?? `"${c.BRAND_NAME.replaceAll('"', '')}" <no-reply@${domain}>`,
  };
}
