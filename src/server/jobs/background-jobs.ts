import type { Provisioning } from './provisioning';
import type { JobLogger, JobQueue } from './queue';

export const EXPIRE_ORDERS_QUEUE = 'expire-orders';

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
  log: JobLogger;
}): BackgroundJobs {
  const { queue, provisioning, log } = deps;
  return {
    queue,

    async start() {
      await provisioning.startWorkers();
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
    },

    async stop() {
      provisioning.stopWorkers();
      await queue.stop();
    },
  };
}
