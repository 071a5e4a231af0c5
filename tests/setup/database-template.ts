import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client';
import { createJobQueue } from '../../src/server/jobs/queue';

/**
 * Server tests open a fresh database per file, twice (PGlite and PostgreSQL). Creating one from
 * nothing (initdb, every migration, pg-boss's schema) cost about 3 s on PGlite. This builds one
 * migrated database per run, keyed by the migrations, and the tests copy it: a PGlite data
 * folder loaded from a dump, and a PostgreSQL `CREATE DATABASE ... TEMPLATE`.
 */

const quiet = { info() {}, warn() {}, error() {} };

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(JSON.parse(readFileSync(path.resolve('node_modules/pg-boss/package.json'), 'utf8')).version as string);
  return hash.digest('hex').slice(0, 12);
}

/** Migrations plus pg-boss's schema, as every test app would install them. */
async function install(database: Database) {
  const queue = createJobQueue(database, { log: quiet });
  await queue.start();
  await queue.stop();
}

async function pgliteTemplate(key: string): Promise<string> {
  const file = path.join(tmpdir(), `spawnpoint-pglite-template-${key}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ dataDir: 'memory://' });
  await install(database);
  const dump = await database.dumpDataDir!();
  await database.close();
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}

async function postgresTemplate(base: string, key: string): Promise<string> {
  const name = `sp_template_${key}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    // Older templates stay: another checkout on this cluster may still be using one.
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    const building = `${name}_${process.pid}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(base);
    url.pathname = `/${building}`;
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    await install(database);
    await database.close();
    // Renamed only once complete, so a run stopped midway never leaves a half-built template.
    await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`).catch(async (error: unknown) => {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      const again = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (again.rowCount === 0) throw error;
    });
    return name;
  } finally {
    await admin.end();
  }
}

export default async function setup() {
  const key = migrationsHash();
  process.env.SPAWNPOINT_TEST_PGLITE_TEMPLATE = await pgliteTemplate(key);
  if (process.env.TEST_DATABASE_URL) {
    process.env.SPAWNPOINT_TEST_PG_TEMPLATE = await postgresTemplate(process.env.TEST_DATABASE_URL, key);
  }
}
