import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** The transaction `db.transaction()` hands its callback, over either driver. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What a query helper runs on: the database, or the transaction it must be part of. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL; used by health checks and the job queue adapter. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs SQL the way pg-boss's `db` option expects: without values the text may hold several
   * statements (its schema scripts wrap BEGIN ... COMMIT); the rows are the last statement's.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** The PostgreSQL connection string, for connections of its own (job queue, LISTEN); unset on PGlite. */
  connectionString?: string;
  /** PGlite only: the whole data folder as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Gives each migration a database has run the time its journal entry carries now. drizzle applies
 * only the migrations dated after the newest one a database recorded, so a journal time once set
 * ahead of the clock (0047's and 0049's were, for a few hours on 27 November 2026) would hide every
 * later migration from a database that ran it then. A migration is known by its SQL's hash, as
 * drizzle records it; a database with no migrations yet has nothing to realign.
 */
export async function realignMigrationTimes(query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>) {
  const { rows } = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(rows[0] as { present?: boolean } | undefined)?.present) return;
  const files = readMigrationFiles({ migrationsFolder });
  await query(
    `update drizzle.__drizzle_migrations m set created_at = v.at
       from (select unnest($1::text[]) as hash, unnest($2::bigint[]) as at) v
      where m.hash = v.hash and m.created_at <> v.at`,
    [files.map((f) => f.hash), files.map((f) => String(f.folderMillis))],
  );
}

/** Any number, the same in every instance: the session lock that lets one of them migrate at a time. */
const MIGRATION_LOCK = 7_240_311;

/**
 * Instances deployed together each migrate at start; without a lock two of them create the same
 * tables at once and one fails. The others wait here, then find nothing left to apply.
 */
async function migrateLocked(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await realignMigrationTimes((sql, params) => client.query(sql, params));
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data folder; `memory://` keeps it in memory. */
  dataDir: string;
  /** PGlite only: start from this dumped data folder instead of an empty one. */
  loadDataDir?: Blob;
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
    await migrateLocked(pool);
    return {
      db,
      kind: 'postgres',
      async query(sql, params) {
        const result = await pool.query(sql, params as unknown[]);
        return result.rows;
      },
      async executeSql(text, values) {
        const result = await pool.query(text, values as unknown[] | undefined);
        // A multi-statement text answers one result per statement.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
        return { rows: last?.rows ?? [] };
      },
      connectionString: options.databaseUrl,
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
  // PostgreSQL's 128 MB of shared buffers live in PGlite's WebAssembly memory, which never shrinks.
  const settings = { startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'work_mem=4MB'] };
  if (!inMemory && !options.loadDataDir && !existsSync(path.join(dir, 'PG_VERSION'))) {
    // Creating the database runs initdb, whose memory the instance keeps (about 400 MB on a first
    // start); an instance that only creates it and closes leaves the server without it.
    const creating = new PGlite(dir, settings);
    await creating.waitReady;
    await creating.close();
  }
  const client = new PGlite(dir, { ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}), ...settings });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await realignMigrationTimes((sql, params) => client.query(sql, params));
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async query(sql, params) {
      const result = await client.query(sql, params as unknown[]);
      return result.rows as never;
    },
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // exec speaks the simple protocol, which takes several statements in one text.
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
