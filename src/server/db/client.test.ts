import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/test-app';

describe.skipIf(!process.env.TEST_DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('survives an idle connection being killed (a restart or failover) and reconnects', async () => {
    const { database, dispose } = await openTestDatabase('postgres');
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const [row] = await database.query<{ name: string }>('select current_database() as name');
      const killed = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1',
        [row?.name],
      );
      expect(killed.rowCount).toBeGreaterThan(0);
      await vi.waitFor(() => {
        expect(stderr).toHaveBeenCalledWith(expect.stringContaining('idle database connection lost'));
      });
      expect(await database.query('select 1 as ok')).toEqual([{ ok: 1 }]);
    } finally {
      stderr.mockRestore();
      await admin.end();
      await dispose();
    }
  });
});
