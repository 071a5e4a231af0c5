import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, dbKinds, type TestContext } from '../../test/test-app';
import { checkReadiness } from './readiness';

const allOk = { database: 'ok', migrations: 'ok', workers: 'running' };

describe.each(dbKinds)('GET /api/health and /api/ready on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t?.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/ready' });

  it('answers liveness without asking the database', async () => {
    const spy = vi.spyOn(t.database, 'query').mockRejectedValue(new Error('connect ECONNREFUSED 10.1.2.3:5432'));
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    spy.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is not ready until the job workers run, then ready', async () => {
    const before = await ready();
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'not_ready', checks: { ...allOk, workers: 'stopped' } });
    await t.app.jobs.start();
    const after = await ready();
    expect(after.statusCode).toBe(200);
    expect(after.headers['cache-control']).toBe('no-store');
    expect(after.json()).toEqual({ status: 'ready', checks: allOk });
  });

  it('answers 503 without internals when the database does not answer', async () => {
    const spy = vi.spyOn(t.database, 'query').mockRejectedValue(new Error('connect ECONNREFUSED 10.1.2.3:5432'));
    const res = await ready();
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'not_ready', checks: { database: 'unavailable', migrations: 'unknown', workers: 'running' } });
    expect(res.body).not.toContain('ECONNREFUSED');
  });

  it('answers 503 when the database hangs, after two seconds', async () => {
    const spy = vi.spyOn(t.database, 'query').mockReturnValue(new Promise(() => {}));
    const started = Date.now();
    const res = await ready();
    spy.mockRestore();
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it('is not ready while a migration of this build is missing from the database', async () => {
    const workers = { running: () => true };
    const current = await checkReadiness({ database: t.database, workers, latestMigrationAt: 0 });
    expect(current).toEqual({ ready: true, checks: allOk });
    const newer = await checkReadiness({ database: t.database, workers, latestMigrationAt: Date.now() + 86_400_000 });
    expect(newer).toEqual({ ready: false, checks: { ...allOk, migrations: 'pending' } });
  });
});

describe('GET /api/ready when the database is gone', () => {
  it('answers 503 once the PGlite database is closed', async () => {
    const t = await createTestApp('pglite');
    await t.app.jobs.start();
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    await t.app.jobs.stop();
    await t.database.close();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe('unavailable');
    await t.app.close();
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('answers 503 once the PostgreSQL database is dropped', async () => {
    const t = await createTestApp('postgres');
    await t.app.jobs.start();
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const [row] = await t.database.query('select current_database() as name');
    const name = (row as { name: string }).name;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json().checks.database).toBe('unavailable');
    await t.close();
  });
});
