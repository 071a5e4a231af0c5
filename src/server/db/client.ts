import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL; used by health checks and the job queue adapter. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps it in memory. */
  dataDir: string;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that dies (a PostgreSQL restart, a failover, pg_terminate_backend) makes the
    // pool emit 'error'; unheard, that crashed the process. The pool drops it and reconnects on demand.
    let closing = false;
    pool.on('error', (error) => {
      if (closing) return;
      process.stderr.write(`${JSON.stringify({ level: 'warn', msg: 'idle database connection lost', err: String(error) })}\n`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migratePg(drizzlePg(pool), { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      async query(sql, params) {
        const result = await pool.query(sql, params as unknown[]);
        return result.rows;
      },
      close: () => {
        closing = true;
        return pool.end();
      },
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const dir = inMemory ? options.dataDir : path.resolve(options.dataDir, 'pglite');
  // PGlite does not create the parent folders of its data directory.
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async query(sql, params) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as never;
    },
    close: () => client.close(),
  };
}
