import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Database, Tx } from '../db/client';
import type { Logger } from '../lib/logger';
import { createInstanceRegistry, type InstanceOptions, type InstanceRegistry } from './instances';

/** The jobs log through the same logger methods as the services (lib/logger.ts). */
export type JobLogger = Logger;

export interface JobQueueOptions {
  /** How often an idle worker looks for due jobs; sends from this process wake it at once. */
  pollingIntervalSeconds?: number;
  /** How often expired active jobs are failed back to retry (a crashed worker's jobs). */
  maintenanceIntervalSeconds?: number;
  /** Heartbeat, death and sweep timings of this instance among others (jobs/instances.ts). */
  instance?: Partial<InstanceOptions>;
  log: JobLogger;
}

export type JobHandler<T> = (job: PgBoss.JobWithMetadata<T>) => Promise<void>;

/**
 * The durable job queue: pg-boss on the app's own database. On PostgreSQL it opens a small pool
 * of its own from the connection string; on PGlite it runs its SQL through the app's single
 * PGlite connection (pg-boss's `db` option), see docs/decisions/007-job-queue-pg-boss.md.
 */
export interface JobQueue {
  readonly boss: PgBoss;
  /** This process among the workers on the database: heartbeats, job leases, the sweep of dead instances' jobs. */
  readonly instance: InstanceRegistry;
  /** Installs or migrates pg-boss's schema once; later calls answer the same promise. */
  start(): Promise<void>;
  /** Creates the queue, or updates an existing one, with its policy, retries and expiry. */
  createQueue(name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void>;
  /** Queues a job and wakes this process's workers; null when a singleton key suppressed it. */
  send(name: string, data: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /**
   * Queues a job as part of a transaction of the app's: it exists exactly when the transaction
   * commits. The queue must exist already (createQueue, before the transaction: on PGlite a query
   * outside an open transaction waits for it). Workers are not woken: give it a `startAfter`
   * (seconds from now, as text, or a date).
   */
  insertInTransaction(tx: Tx, job: PgBoss.JobInsert): Promise<void>;
  /**
   * Runs `handler` for each job, `concurrency` at a time, leased to this instance while it runs.
   * Jobs that share a singleton key never run at once: one fetched while another of its key runs
   * is queued again a second later.
   */
  work<T>(name: string, concurrency: number, handler: JobHandler<T>): Promise<void>;
  /** True while a job with this key is queued, waiting to retry or running. */
  hasLiveJob(name: string, singletonKey: string): Promise<boolean>;
  /** Those of `singletonKeys` whose job is queued, waiting to retry or running. */
  liveKeys(name: string, singletonKeys: readonly string[]): Promise<Set<string>>;
  /** Wakes this process's workers of a queue, for a job inserted in a transaction that has now committed. */
  wake(name: string): void;
  /**
   * Fails every active job of the queue back to retry. Only for a start-up where no other
   * process can be working: PGlite, which one process owns.
   */
  releaseActiveJobs(name: string): Promise<number>;
  /** Stops fetching, waits up to `timeoutMs` for running jobs, then fails the rest back to retry. */
  stop(timeoutMs?: number): Promise<void>;
}

/** How long a job waits when another of its key is running, before it looks again. */
const SAME_KEY_DELAY_SECONDS = 1;

/** Any number, the same in every instance: the session lock around creating and updating queues. */
const QUEUE_SETUP_LOCK = 7_240_312;

/**
 * Runs `setup` while holding a PostgreSQL advisory lock, so instances starting together create
 * their queues one at a time: pg-boss's create_queue inserts the queue row, then adds foreign keys
 * to it and attaches a partition, and two of those at once deadlock (one instance failed to start
 * when two started on a fresh database). PGlite has one process, so nothing to wait for.
 */
async function oneInstanceAtATime<T>(database: Database, setup: () => Promise<T>): Promise<T> {
  if (!database.connectionString) return setup();
  const client = new pg.Client({ connectionString: database.connectionString, application_name: 'spawnpoint-queue-setup' });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_SETUP_LOCK]);
    return await setup();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [QUEUE_SETUP_LOCK]).catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}

export function createJobQueue(database: Database, options: JobQueueOptions): JobQueue {
  const common = {
    schema: 'pgboss',
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  };
  const boss = database.connectionString
    ? new PgBoss({ ...common, connectionString: database.connectionString, max: 4, application_name: 'spawnpoint-jobs' })
    : new PgBoss({
        ...common,
        db: {
          // A worker whose fetch outlasted stop() still reports back (Manager.fail, with no catch of
          // its own); once this queue has stopped and the embedded database closed, that is dropped
          // rather than left as an unhandled rejection. A command that counts what it changed
          // (complete, fail, cancel) is answered with a count of 0, which pg-boss reads from rows[0].
          executeSql: (text, values) =>
            database.executeSql(text, values).catch((error: unknown) => {
              if (stopped) return { rows: /select count\(\*\) from results\s*$/i.test(text.trim()) ? [{ count: '0' }] : [] };
              throw error;
            }),
        },
      });
  boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));

  let started: Promise<void> | null = null;
  let stopped = false;
  const queues = new Map<string, Promise<void>>();
  const workerIds = new Map<string, string[]>();
  const instance = createInstanceRegistry({
    database,
    schema: common.schema,
    queues: () => [...workerIds.keys()],
    log: options.log,
    options: options.instance,
  });

  async function runningElsewhere(name: string, singletonKey: string, jobId: string) {
    const { rows } = await boss
      .getDb()
      .executeSql(
        `select 1 from ${common.schema}.job where name = $1 and singleton_key = $2 and state = 'active' and id <> $3 limit 1`,
        [name, singletonKey, jobId],
      );
    return rows.length > 0;
  }

  const queue: JobQueue = {
    boss,
    instance,

    start() {
      started ??= boss.start().then(() => undefined);
      return started;
    },

    createQueue(name, queueOptions) {
      let created = queues.get(name);
      if (!created) {
        created = queue.start().then(() =>
          oneInstanceAtATime(database, async () => {
            // An existing queue takes the current settings (attempts, delays may have changed).
            if (await boss.getQueue(name)) await boss.updateQueue(name, { name, ...queueOptions });
            else await boss.createQueue(name, { name, ...queueOptions });
          }),
        );
        queues.set(name, created);
        created.catch(() => queues.delete(name));
      }
      return created;
    },

    async send(name, data, sendOptions = {}) {
      await queue.start();
      const id = await boss.send(name, data, sendOptions);
      for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
      return id;
    },

    async insertInTransaction(tx, job) {
      // Starting here would query outside the transaction: on PGlite that waits for it, forever.
      if (!started) throw new Error(`job queue: create the queue ${job.name} before inserting into it in a transaction`);
      await started;
      await boss.insert([job], { db: transactionSql(tx) });
    },

    async work<T>(name: string, concurrency: number, handler: JobHandler<T>) {
      await queue.start();
      await instance.start();
      const ids = workerIds.get(name) ?? [];
      workerIds.set(name, ids);
      for (let i = 0; i < concurrency; i += 1) {
        ids.push(
          await boss.work<T>(name, { includeMetadata: true, batchSize: 1 }, async ([job]) => {
            if (!job) return;
            // Without its lease the job could not be recovered at once if this process died: do not start it.
            await instance.lease(job.id, name);
            try {
              if (job.singletonKey && (await runningElsewhere(name, job.singletonKey, job.id))) {
                // Another job of the same key is running (a retry recovered from a stopped worker
                // beside the next look it had queued, say): two runs of one move or switch at once
                // would undo each other's panel actions. Run this one after it instead.
                const again = await boss.send(name, job.data as object, { singletonKey: job.singletonKey, startAfter: SAME_KEY_DELAY_SECONDS });
                // Null when a job of the key is queued already: that one does the work after the running one (decision 076).
                if (!again) options.log.info({ job: job.id, queue: name, key: job.singletonKey }, 'job of a busy key left to the one queued after it');
                return;
              }
              await handler(job);
            } finally {
              await instance.release(job.id).catch((error: unknown) => options.log.warn({ err: error, job: job.id }, 'job lease not released'));
            }
          }),
        );
      }
    },

    async hasLiveJob(name, singletonKey) {
      await queue.start();
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select 1 from ${common.schema}.job where name = $1 and singleton_key = $2 and state < 'completed' limit 1`,
          [name, singletonKey],
        );
      return rows.length > 0;
    },

    async liveKeys(name, singletonKeys) {
      if (singletonKeys.length === 0) return new Set();
      await queue.start();
      const { rows } = await boss
        .getDb()
        .executeSql(
          `select distinct singleton_key from ${common.schema}.job where name = $1 and singleton_key = any($2::text[]) and state < 'completed'`,
          [name, singletonKeys],
        );
      return new Set(rows.map((r: { singleton_key: string }) => r.singleton_key));
    },

    wake(name) {
      for (const workerId of workerIds.get(name) ?? []) boss.notifyWorker(workerId);
    },

    async releaseActiveJobs(name) {
      await queue.start();
      const { rows } = await boss
        .getDb()
        .executeSql(`select id from ${common.schema}.job where name = $1 and state = 'active'`, [name]);
      const ids = rows.map((r: { id: string }) => r.id);
      for (const id of ids) await boss.fail(name, id, { message: 'released at start-up: its worker had stopped' });
      return ids.length;
    },

    async stop(timeoutMs = 8_000) {
      if (!started || stopped) return;
      stopped = true;
      await started.catch(() => undefined);
      instance.stop();
      await boss.stop({ graceful: true, timeout: timeoutMs, wait: true, close: true });
      // pg-boss failed back what outlasted the timeout; this instance no longer runs anything.
      await instance.deregister().catch(() => undefined);
    },
  };
  return queue;
}

/**
 * pg-boss's `db` option over a Drizzle transaction, on either driver, for `insert` (whose SQL uses
 * each numbered placeholder once: `$1` the jobs as JSON text, then the defaults): each `$n`
 * becomes a Drizzle parameter in its place. Not for SQL that repeats a placeholder, whose
 * occurrences would each be typed on their own.
 */
export function transactionSql(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const parts = text.split(/\$(\d+)/);
      const query: SQL = sql.empty();
      const seen = new Set<string>();
      parts.forEach((part, i) => {
        if (i % 2 === 0) return void query.append(sql.raw(part));
        if (seen.has(part)) throw new Error(`transactionSql: $${part} appears twice`);
        seen.add(part);
        query.append(sql`${values[Number(part) - 1] ?? null}`);
      });
      const result = (await tx.execute(query)) as unknown as { rows?: unknown[] } | unknown[];
      return { rows: Array.isArray(result) ? result : (result.rows ?? []) };
    },
  };
}
