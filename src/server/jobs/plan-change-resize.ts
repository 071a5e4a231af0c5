import type PgBoss from 'pg-boss';
import type { JobLogger, JobQueue } from './queue';

export const RESIZE_QUEUE = 'resize-server';
/** Every ten minutes: resizes without a job, checkout payments not yet applied, charges left unsettled. */
export const PLAN_CHANGE_SWEEP_QUEUE = 'plan-change-sweep';

interface ResizeJob {
  changeId: string;
}

export interface ResizeJobOptions {
  attempts: number;
  retryDelaySeconds: number;
  concurrency: number;
  /** PGlite: one process owns the database, so active jobs found at start-up are orphans. */
  singleProcess: boolean;
}

/** What plan changes send to: built before them, as the workers run them. */
export interface ResizeQueue {
  /** Queues the resize of a plan change (one queued job per change). */
  enqueue(changeId: string): Promise<void>;
}

export interface ResizeJobs extends ResizeQueue {
  startWorkers(): Promise<void>;
}

function resizeRetries(options: Pick<ResizeJobOptions, 'attempts' | 'retryDelaySeconds'>) {
  return {
    retryLimit: Math.max(0, options.attempts - 1),
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryDelaySeconds > 0,
    expireInSeconds: 300,
  };
}

/** The sending side of the resize job alone. */
export function createResizeQueue(deps: { queue: JobQueue; options: ResizeJobOptions }): ResizeQueue {
  const { queue } = deps;
  const retries = resizeRetries(deps.options);
  return {
    async enqueue(changeId) {
      await queue.createQueue(RESIZE_QUEUE, { policy: 'short', ...retries });
      await queue.send(RESIZE_QUEUE, { changeId }, { ...retries, singletonKey: changeId });
    },
  };
}

/**
 * The durable resize of a plan change (features/plan-changes/plan-change-resize.ts): retried with
 * backoff; the last attempt's failure ends the change (an upgrade is refunded). A sweep at start-up
 * and every ten minutes queues what a stopped process left.
 */
export function createResizeJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  options: ResizeJobOptions;
  run(changeId: string, options: { last: boolean }): Promise<void>;
  sweep(): Promise<number>;
}): ResizeJobs {
  const { queue, options, log } = deps;
  const retries = resizeRetries(options);
  const ready = () => queue.createQueue(RESIZE_QUEUE, { policy: 'short', ...retries });

  async function handle(job: PgBoss.JobWithMetadata<ResizeJob>) {
    await deps.run(job.data.changeId, { last: job.retryCount >= job.retryLimit });
  }

  return {
    ...createResizeQueue(deps),

    async startWorkers() {
      await ready();
      if (options.singleProcess) await queue.releaseActiveJobs(RESIZE_QUEUE);
      await queue.work<ResizeJob>(RESIZE_QUEUE, options.concurrency, handle);
      await queue.createQueue(PLAN_CHANGE_SWEEP_QUEUE, { policy: 'short', retryLimit: 1, expireInSeconds: 300 });
      await queue.boss.schedule(PLAN_CHANGE_SWEEP_QUEUE, '*/10 * * * *');
      await queue.work(PLAN_CHANGE_SWEEP_QUEUE, 1, async () => {
        const n = await deps.sweep();
        if (n > 0) log.info({ planChanges: n }, 'plan changes resumed');
      });
      const resumed = await deps.sweep().catch((error: unknown) => {
        log.error({ err: error }, 'plan change sweep failed');
        return 0;
      });
      if (resumed > 0) log.info({ planChanges: resumed }, 'resuming unfinished plan changes');
    },
  };
}
