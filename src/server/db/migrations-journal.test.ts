import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
