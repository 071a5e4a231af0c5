import type { Provisioning } from './provisioning';
import type { JobLogger, JobQueue } from './queue';
import { startRenewalsCron } from './renewals';

export const EXPIRE_ORDERS_QUEUE = 'expire-orders';
export const SCHEDULED_RESTARTS_QUEUE = 'server-restarts';
export const USAGE_SAMPLES_QUEUE = 'server-usage';
export const AUTOMATIC_BACKUPS_QUEUE = 'automatic-backups';

/** Server management's periodic work (features/servers/server-maintenance.ts); each answers how many servers it touched. */
export interface ServerMaintenanceJobs {
  runScheduledRestarts(): Promise<number>;
  takeAutomaticBackups(): Promise<number>;
  sampleUsage(): Promise<number>;
}

/** pg-boss crons, each firing once across every process sharing the database. */
function maintenanceSchedules(m: ServerMaintenanceJobs, log: JobLogger) {
  return [
    { name: SCHEDULED_RESTARTS_QUEUE, cron: '* * * * *', run: m.runScheduledRestarts, done: 'scheduled restarts carried out' },
    { name: USAGE_SAMPLES_QUEUE, cron: '* * * * *', run: m.sampleUsage, done: '' },
    { name: AUTOMATIC_BACKUPS_QUEUE, cron: '7 * * * *', run: m.takeAutomaticBackups, done: 'automatic backups taken' },
  ].map((s) => ({
    ...s,
    async handle() {
      const n = await s.run();
      if (n > 0 && s.done) log.info({ servers: n }, s.done);
    },
  }));
}

/** A pg-boss cron that answers how many rows it changed. */
export interface PeriodicJob {
  name: string;
  cron: string;
  run(): Promise<number>;
  done: string;
}

export interface BackgroundJobs {
  readonly queue: JobQueue;
  /** Starts the workers of this process: provisioning, and the order-expiry schedule. */
  start(): Promise<void>;
  /** Stops fetching, lets running jobs finish (or fails them back to retry), closes the queue. */
  stop(): Promise<void>;
}

export function createBackgroundJobs(deps: {
  queue: JobQueue;
  provisioning: Provisioning;
  /** Marks unpaid orders past their 24 hours expired; answers how many. */
  expireOrders?: () => Promise<number>;
  /** Scheduled restarts (every minute), usage samples (every minute), automatic backups (hourly). */
  maintenance?: ServerMaintenanceJobs;
  /** The renewal and dunning pass (every five minutes); answers how many renewals it moved. */
  renewals?: () => Promise<number>;
  /** Other periodic housekeeping (ticket auto-resolve, commission promotion), each on its own cron. */
  periodic?: PeriodicJob[];
  /** More durable workers started with these (plan-change resizes). */
  workers?: { startWorkers(): Promise<void> }[];
  log: JobLogger;
}): BackgroundJobs {
  const { queue, provisioning, log } = deps;
  return {
    queue,

    async start() {
      await provisioning.startWorkers();
      for (const worker of deps.workers ?? []) await worker.startWorkers();
      if (deps.renewals) await startRenewalsCron(queue, deps.renewals, log);
      const expireOrders = deps.expireOrders;
      if (expireOrders) {
        await queue.createQueue(EXPIRE_ORDERS_QUEUE, { policy: 'short', retryLimit: 1, expireInSeconds: 300 });
        // pg-boss's cron fires once across every process sharing the database.
        await queue.boss.schedule(EXPIRE_ORDERS_QUEUE, '*/10 * * * *');
        await queue.work(EXPIRE_ORDERS_QUEUE, 1, async () => {
          const expired = await expireOrders();
          if (expired > 0) log.info({ expired }, 'unpaid orders expired');
        });
      }
      for (const job of deps.periodic ?? []) {
        await queue.createQueue(job.name, { policy: 'short', retryLimit: 1, expireInSeconds: 300 });
        await queue.boss.schedule(job.name, job.cron);
        await queue.work(job.name, 1, async () => {
          const n = await job.run();
          if (n > 0 && job.done) log.info({ count: n, job: job.name }, job.done);
        });
      }
      if (deps.maintenance) {
        for (const job of maintenanceSchedules(deps.maintenance, log)) {
          await queue.createQueue(job.name, { policy: 'short', retryLimit: 0, expireInSeconds: 300 });
          await queue.boss.schedule(job.name, job.cron);
          await queue.work(job.name, 1, job.handle);
        }
      }
    },

    async stop() {
      provisioning.stopWorkers();
      await queue.stop();
    },
  };
}
