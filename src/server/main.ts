import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, missingProductionSettings, type Config } from './config';
import { openDatabase } from './db/client';
import { resealTotpSecrets } from './features/auth/totp-secrets';
import { seedCatalog } from './features/catalog/catalog.repository';
import { getBrand, mailSender } from './features/brand';
import { createSmtpMailer } from './integrations/mail/smtp';
import { redactCredentials } from './lib/logger';
import { createSecretBox } from './lib/secret-box';

// src/server/main.ts under tsx, dist/server/main.js once compiled: the root is two folders up either way.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The configuration, or exit 1 listing every problem (in production, every missing setting too). */
function configOrExit(): Config {
  try {
    const config = loadConfig();
    const missing = config.NODE_ENV === 'production' ? missingProductionSettings() : [];
    if (missing.length > 0) throw new ConfigError(missing);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = configOrExit();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  // PANEL_EGGS seeds the games' panel set-up of an empty catalog; staff edit it there afterwards.
  await seedCatalog(database.db, new Date(), config.PANEL_URL ? config.PANEL_EGGS : {});
  const sealed = await resealTotpSecrets(database.db, createSecretBox({ secret: config.APP_SECRET, previous: config.APP_SECRET_PREVIOUS }));
  const smtp = config.SMTP_URL ? createSmtpMailer(config.SMTP_URL, mailSender(config, database.db)) : undefined;
  const app = await buildApp({ config, database, mailer: smtp, clientDir: path.join(root, 'dist', 'client') });
  if (!config.PANEL_URL && config.NODE_ENV === 'production') {
    app.log.warn('PANEL_URL is not set: servers are created on the simulated panel, and customers get no real game server');
  }
  if (sealed.resealed > 0) app.log.info({ count: sealed.resealed }, 'two-factor secrets sealed with the current APP_SECRET');
  if (sealed.unreadable > 0) {
    app.log.error(
      { count: sealed.unreadable },
      'two-factor secrets sealed with a key that is neither APP_SECRET nor in APP_SECRET_PREVIOUS: those accounts cannot use their authenticator until the old key is added back',
    );
  }
  if (config.PANEL_URL && !config.PANEL_CLIENT_KEY) {
    app.log.warn('PANEL_CLIENT_KEY is not set: customers cannot start, stop or back up their servers, nor open the console');
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      smtp?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const brand = (await getBrand(database.db)).name;
  app.log.info({ db: database.kind, brand }, `${brand} is listening`);
  // After listen, so a slow start-up sweep never delays the first page; app.close() stops them.
  // GET /api/ready answers 503 until they run.
  await app.jobs.start();
  app.log.info({ panel: app.panel.id }, 'background jobs started');
}

main().catch((error: unknown) => {
  process.stderr.write(`${JSON.stringify({ level: 'fatal', msg: 'startup failed', err: redactCredentials(String(error)) })}\n`);
  process.exit(1);
});
