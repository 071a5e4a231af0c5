/**
 * `npm run admin:create -- <email>`: promotes an account to admin, or creates a verified admin
 * with a one-time password. Uses the same configuration as the server (DATABASE_URL, or PGlite
 * in DATA_DIR); with PGlite, stop the server first, as one process owns that database.
 */
import { loadConfig, ConfigError } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { createOrPromoteAdmin } from '../src/server/features/admin/admin-accounts';
import { randomIds, systemClock } from '../src/server/lib/runtime';

const email = process.argv.slice(2).find((a) => a !== '--');
if (!email) {
  process.stderr.write('Usage: npm run admin:create -- <email>\n');
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}

const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const result = await createOrPromoteAdmin({ db: database.db, clock: systemClock, ids: randomIds }, email);
  const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.DATA_DIR}`;
  if (result.outcome === 'created') {
    process.stdout.write(
      `Created the admin ${result.email} in ${where}.\n` +
        `One-time password: ${result.password}\n` +
        'Sign in with it and change it under Settings > Security; it is not shown again.\n',
    );
  } else if (result.outcome === 'verified') {
    process.stdout.write(
      `${result.email} is now an admin (${where}); its address was not verified, so it is marked verified and gets a new password.\n` +
        `One-time password: ${result.password}\n` +
        'The password set at sign-up no longer works, and any sessions and two-factor on the account were removed.\n' +
        'Sign in with it and change it under Settings > Security; it is not shown again.\n',
    );
  } else if (result.outcome === 'promoted') {
    process.stdout.write(`${result.email} is now an admin (${where}).\n`);
  } else {
    process.stdout.write(`${result.email} is already an admin (${where}).\n`);
  }
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
