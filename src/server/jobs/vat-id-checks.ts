import type PgBoss from 'pg-boss';
import type { JobLogger, JobQueue } from './queue';

export const VAT_ID_CHECKS_QUEUE = 'vat-id-checks';
export const VAT_ID_CHECKS_SWEEP_QUEUE = 'vat-id-checks-sweep';

interface VatIdCheckJob {
  userId: string;
}

export interface VatIdCheckJobOptions {
  /** Tries before the job gives up (the hourly sweep queues the ID again). */
  attempts: number;
  /** The first retry's delay; pg-boss doubles it each time, with jitter. */
  retryDelaySeconds: number;
  /** PGlite: one process owns the database, so active jobs found at start-up are orphans. */
  singleProcess: boolean;
}

/** 8 tries, the first after about a minute: roughly 1, 2, 4 … 128 minutes apart, four to eight hours in all. */
export const defaultVatIdCheckOptions = { attempts: 8, retryDelaySeconds: 60 } as const;

/** What VAT ID checks send to: built before them, as the workers run them. */
export interface VatIdCheckQueue {
  /** Queues a check of the customer's VAT ID (one live job per customer). */
  enqueue(userId: string): Promise<void>;
}

export interface VatIdCheckJobs extends VatIdCheckQueue {
  startWorkers(): Promise<void>;
}

function vatIdCheckRetries(options: Pick<VatIdCheckJobOptions, 'attempts' | 'retryDelaySeconds'>) {
  return {
    retryLimit: Math.max(0, options.attempts - 1),
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryDelaySeconds > 0,
    expireInSeconds: 120,
  };
}

/** The sending side of the VAT ID check job alone. */
export function createVatIdCheckQueue(deps: { queue: JobQueue; options: VatIdCheckJobOptions }): VatIdCheckQueue {
  const { queue } = deps;
  const retries = vatIdCheckRetries(deps.options);
  return {
    async enqueue(userId) {
      await queue.createQueue(VAT_ID_CHECKS_QUEUE, { policy: 'short', ...retries });
      if (await queue.hasLiveJob(VAT_ID_CHECKS_QUEUE, userId)) return;
      await queue.send(VAT_ID_CHECKS_QUEUE, { userId }, { ...retries, singletonKey: userId });
    },
  };
}

/**
 * The retry of VAT ID checks VIES could not answer (docs/decisions/033-vat-id-checks.md): a job per
 * customer that throws while VIES is still unavailable, so pg-boss retries it with backoff. An
 * hourly sweep queues again the IDs still being checked once a job has given up, and at start-up.
 */
export function createVatIdCheckJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  options: VatIdCheckJobOptions;
  run(userId: string, options: { last: boolean }): Promise<void>;
  stillChecking(): Promise<string[]>;
}): VatIdCheckJobs {
  const { queue, options, log } = deps;
  const ready = () => queue.createQueue(VAT_ID_CHECKS_QUEUE, { policy: 'short', ...vatIdCheckRetries(options) });
  const { enqueue } = createVatIdCheckQueue(deps);

  async function sweep() {
    const ids = await deps.stillChecking();
    for (const id of ids) await enqueue(id);
    return ids.length;
  }

  async function handle(job: PgBoss.JobWithMetadata<VatIdCheckJob>) {
    await deps.run(job.data.userId, { last: job.retryCount >= job.retryLimit });
  }

  return {
    enqueue,

    async startWorkers() {
      await ready();
      if (options.singleProcess) await queue.releaseActiveJobs(VAT_ID_CHECKS_QUEUE);
      await queue.work<VatIdCheckJob>(VAT_ID_CHECKS_QUEUE, 1, handle);
      await queue.createQueue(VAT_ID_CHECKS_SWEEP_QUEUE, { policy: 'short', retryLimit: 1, expireInSeconds: 300 });
      await queue.boss.schedule(VAT_ID_CHECKS_SWEEP_QUEUE, '41 * * * *');
      await queue.work(VAT_ID_CHECKS_SWEEP_QUEUE, 1, async () => {
        const n = await sweep();
        if (n > 0) log.info({ count: n }, 'VAT ID checks queued again');
      });
      await sweep().catch((error: unknown) => log.error({ err: error }, 'could not queue the VAT ID checks left unfinished'));
    },
  };
}
