import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/client';
import type { JobLogger } from './queue';

export interface InstanceOptions {
  /** How often this instance writes its heartbeat. */
  heartbeatSeconds: number;
  /** An instance silent for this long is taken for dead, and its running jobs are failed back. */
  deadAfterSeconds: number;
  /** How often this instance looks for dead instances' jobs. */
  sweepSeconds: number;
}

export const defaultInstanceOptions: InstanceOptions = { heartbeatSeconds: 5, deadAfterSeconds: 20, sweepSeconds: 5 };

/**
 * This process as a job worker among several on one database (docs/decisions/025-several-instances.md).
 * It beats in `app_instances`, records which job each of its handlers runs in `job_leases`, and
 * sweeps: a job left `active` by an instance that stopped beating (killed, frozen, cut off) is put
 * back to `retry`, due now, so a live worker picks it up within seconds instead of after pg-boss's
 * expiry (minutes). All times are the database's, so hosts' clocks do not matter.
 */
export interface InstanceRegistry {
  readonly id: string;
  /** Registers this instance and starts beating and sweeping (idempotent). */
  start(): Promise<void>;
  /** Records that this instance runs `jobId` of `queue`; a handler calls it before it starts. */
  lease(jobId: string, queue: string): Promise<void>;
  release(jobId: string): Promise<void>;
  /** One sweep now: answers the jobs put back to retry (none while this instance has not yet beaten steadily for a death threshold). */
  sweep(): Promise<{ id: string; name: string }[]>;
  /** Stops beating and sweeping. */
  stop(): void;
  /** Removes this instance's row: a clean stop, after its running jobs were failed back. */
  deregister(): Promise<void>;
}

export function createInstanceRegistry(deps: {
  database: Database;
  /** pg-boss's schema. */
  schema: string;
  /** The queues whose jobs this instance may put back (every instance runs the same ones). */
  queues: () => string[];
  log: JobLogger;
  options?: Partial<InstanceOptions>;
}): InstanceRegistry {
  const options = { ...defaultInstanceOptions, ...deps.options };
  const { database, schema, log } = deps;
  const id = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let started: Promise<void> | null = null;
  let timers: NodeJS.Timeout[] = [];
  let sweeping = false;
  // When this instance last beat, and since when it has beaten without a long gap (monotonic ms).
  // A process that was itself frozen (a GC pause, a stalled VM, a slow database) cannot tell a dead
  // peer from a peer frozen with it, so it judges no one until it has watched for a whole death
  // threshold without such a gap of its own.
  let lastBeatAt = 0;
  let watchingSince = 0;

  async function beat() {
    await database.query(
      `insert into app_instances (id, hostname, pid, started_at, heartbeat_at) values ($1, $2, $3, now(), now())
       on conflict (id) do update set heartbeat_at = now()`,
      [id, hostname(), process.pid],
    );
    const now = performance.now();
    if (lastBeatAt === 0 || now - lastBeatAt > options.deadAfterSeconds * 500) watchingSince = now;
    lastBeatAt = now;
  }

  /** Whether this instance has beaten steadily for a whole death threshold, up to now. */
  function watching() {
    const now = performance.now();
    return lastBeatAt > 0 && now - lastBeatAt <= options.deadAfterSeconds * 500 && now - watchingSince >= options.deadAfterSeconds * 1000;
  }

  async function sweep() {
    const names = deps.queues();
    if (names.length === 0 || !watching()) return [];
    // Active jobs leased by an instance that stopped beating (or whose row is gone), and active jobs
    // with no lease at all past the same time (a worker killed between pg-boss's fetch and its lease).
    const orphans = await database.query<{ id: string; name: string; started_on: string; instance_id: string | null }>(
      `select j.id, j.name, j.started_on::text as started_on, l.instance_id
       from ${schema}.job j
       left join job_leases l on l.job_id = j.id
       left join app_instances i on i.id = l.instance_id
       where j.state = 'active' and j.name = any($1::text[])
         and coalesce(l.instance_id, '') <> $2
         and (
           (l.job_id is null and j.started_on < now() - make_interval(secs => $3))
           or (l.job_id is not null and (i.id is null or i.heartbeat_at < now() - make_interval(secs => $3)))
         )`,
      [names, id, options.deadAfterSeconds],
    );
    const released: { id: string; name: string }[] = [];
    for (const job of orphans) {
      // Compare-and-set on the run we saw: a job fetched again meanwhile has a new started_on and is left alone.
      const rows = await database.query(
        `update ${schema}.job set state = 'retry', start_after = now(),
           output = jsonb_build_object('message', 'its instance stopped answering; run again')
         where name = $1 and id = $2 and state = 'active' and started_on = $3::timestamptz
         returning id`,
        [job.name, job.id, job.started_on],
      );
      if (rows.length === 0) continue;
      if (job.instance_id) await database.query('delete from job_leases where job_id = $1 and instance_id = $2', [job.id, job.instance_id]);
      released.push({ id: job.id, name: job.name });
    }
    if (released.length > 0) log.warn({ jobs: released.length }, 'jobs of a stopped instance put back to run again');
    // Rows of instances long dead, and leases whose job no longer runs (a worker killed after its job ended).
    await database.query(`delete from app_instances where heartbeat_at < now() - make_interval(secs => $1)`, [
      options.deadAfterSeconds * 10,
    ]);
    await database.query(
      `delete from job_leases l where l.started_at < now() - interval '1 minute'
         and not exists (select 1 from ${schema}.job j where j.id = l.job_id and j.state = 'active')`,
    );
    return released;
  }

  function every(seconds: number, what: string, run: () => Promise<unknown>) {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      run()
        .catch((error: unknown) => log.error({ err: error }, `${what} failed`))
        .finally(() => {
          busy = false;
        });
    }, seconds * 1000);
    timer.unref();
    timers.push(timer);
  }

  return {
    id,

    start() {
      started ??= beat().then(() => {
        every(options.heartbeatSeconds, 'instance heartbeat', beat);
        every(options.sweepSeconds, 'sweep of stopped instances', async () => {
          if (sweeping) return;
          sweeping = true;
          try {
            await sweep();
          } finally {
            sweeping = false;
          }
        });
      });
      started.catch(() => {
        started = null;
      });
      return started;
    },

    async lease(jobId, queue) {
      await database.query(
        `insert into job_leases (job_id, queue, instance_id, started_at) values ($1, $2, $3, now())
         on conflict (job_id) do update set instance_id = excluded.instance_id, started_at = excluded.started_at`,
        [jobId, queue, id],
      );
    },

    async release(jobId) {
      await database.query('delete from job_leases where job_id = $1 and instance_id = $2', [jobId, id]);
    },

    sweep,

    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
    },

    async deregister() {
      await database.query('delete from app_instances where id = $1', [id]);
    },
  };
}
