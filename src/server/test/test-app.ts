import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { seedCatalog } from '../features/catalog/catalog.repository';
import type { Clock, Ids } from '../lib/runtime';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const dbKinds: DbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** A throwaway PostgreSQL database per call, so test files never see each other's rows. */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function openTestDatabase(kind: DbKind): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'postgres') {
    const { url, drop } = await createPgDatabase();
    const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' });
    return {
      database,
      async dispose() {
        await database.close();
        await drop();
      },
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  return { database, dispose: () => database.close() };
}

/** Boots the real app on a fresh, migrated and seeded database, for `inject()` tests. */
export async function createTestApp(
  kind: DbKind,
  options: { env?: Record<string, string>; clock?: Clock; ids?: Ids } = {},
): Promise<TestContext> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...options.env });
  const { database, dispose } = await openTestDatabase(kind);
  await seedCatalog(database.db);
  const app = await buildApp({ config, database, clock: options.clock, ids: options.ids, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await dispose();
    },
  };
}
