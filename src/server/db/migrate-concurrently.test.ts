import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';

/** Several instances deployed at once on a fresh PostgreSQL database each migrate it at start. */
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('migrations when instances start together', () => {
  it('applies each migration once while three instances start at the same moment', async () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `sp_migrate_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' })));
      const rows = await opened[0]!.query('select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations');
      const { n, distinct_hashes } = rows[0] as { n: number; distinct_hashes: number };
      expect(n).toBe(distinct_hashes);
      expect(n).toBeGreaterThan(5);
      await Promise.all(opened.map((d) => d.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
