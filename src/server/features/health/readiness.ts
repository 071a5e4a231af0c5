import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import type { BackgroundJobs } from '../../jobs/background-jobs';

export interface Readiness {
  ready: boolean;
  checks: {
    database: 'ok' | 'unavailable';
    migrations: 'ok' | 'pending' | 'unknown';
    workers: 'running' | 'stopped';
  };
}

/** Whether this process's background workers run: true once jobs.start() resolved, false from jobs.stop(). */
export interface WorkerState {
  running(): boolean;
}

/** Follows jobs.start() and jobs.stop() (main.ts starts the workers after listen, app.close() stops them). */
export function watchWorkers(jobs: BackgroundJobs): WorkerState {
  let running = false;
  const start = jobs.start.bind(jobs);
  const stop = jobs.stop.bind(jobs);
  jobs.start = async () => {
    await start();
    running = true;
  };
  jobs.stop = async () => {
    running = false;
    await stop();
  };
  jobs.queue.boss.on('stopped', () => {
    running = false;
  });
  return { running: () => running };
}

/** When the newest migration of this build was generated (drizzle-kit's journal). */
export function latestMigrationAt(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Ready to take traffic: the database answers (within two seconds), it holds every migration of
 * this build (drizzle records each one applied in drizzle.__drizzle_migrations), and this
 * process's job workers run.
 */
export async function checkReadiness(deps: {
  database: Database;
  workers: WorkerState;
  latestMigrationAt: number;
  timeoutMs?: number;
}): Promise<Readiness> {
  const checks: Readiness['checks'] = { database: 'unavailable', migrations: 'unknown', workers: deps.workers.running() ? 'running' : 'stopped' };
  try {
    const rows = await within(
      deps.timeoutMs ?? 2000,
      deps.database.query('select max(created_at)::text as last from drizzle.__drizzle_migrations'),
    );
    checks.database = 'ok';
    const last = Number((rows[0] as { last: string | null } | undefined)?.last ?? 0);
    checks.migrations = last >= deps.latestMigrationAt ? 'ok' : 'pending';
  } catch {
    checks.database = 'unavailable';
  }
  const ready = checks.database === 'ok' && checks.migrations === 'ok' && checks.workers === 'running';
  return { ready, checks };
}
