import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbKinds, openTestDatabase } from '../test/test-app';
import { realignMigrationTimes } from './client';

const folder = path.join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string; when: number }[];
};

/**
 * drizzle's migrator applies only the migrations whose `when` is later than the newest one a
 * database has run (drizzle-orm pg-core/dialect.js, migrate): a migration whose time is out of
 * order, or set in the future, makes every later migration be skipped on existing databases.
 */
describe('the migration journal', () => {
  it('lists migrations in time order, none dated in the future', () => {
    const times = journal.entries.map((e) => e.when);
    for (let i = 1; i < times.length; i += 1) expect(times[i], journal.entries[i]!.tag).toBeGreaterThan(times[i - 1]!);
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
  });

  it('names every SQL file in the folder, and each one it names exists, in order of its number', () => {
    const files = readdirSync(folder).filter((f) => f.endsWith('.sql')).map((f) => f.replace(/\.sql$/, '')).sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
  });
});

describe.each(dbKinds)('a database that ran a migration under another journal time (%s)', (kind) => {
  it('takes the journal time back at start, so the migrations after it are applied', async () => {
    const { database, dispose } = await openTestDatabase(kind);
    try {
      const last = journal.entries.at(-1)!;
      const ahead = last.when + 11 * 3_600_000;
      await database.query('update drizzle.__drizzle_migrations set created_at = $1 where created_at = $2', [String(ahead), String(last.when)]);
      await realignMigrationTimes(async (sql, params) => ({ rows: await database.query(sql, params) }));
      const [newest] = await database.query<{ at: string }>('select max(created_at)::text as at from drizzle.__drizzle_migrations');
      expect(Number(newest!.at)).toBe(last.when);
    } finally {
      await dispose();
    }
  });
});
