import type PgBoss from 'pg-boss';
import type { JobLogger, JobQueue } from './queue';

export const REGION_MOVE_QUEUE = 'region-move';
/** Every five minutes: moves under way without a job, charges left unsettled. */
export const REGION_MOVE_SWEEP_QUEUE = 'region-move-sweep';

interface MoveJob {
  moveId: string;
}

export interface MoveJobOptions {
  attempts: number;
  retryDelaySeconds: number;
  concurrency: number;
  /** Seconds between looks at the panel while a step waits (a stop, a backup, an install). */
  pollSeconds: number;
  /** PGlite: one process owns the database, so active jobs found at start-up are orphans. */
  singleProcess: boolean;
}

/** What region moves send to: built before them, as the workers run them. */
export interface MoveQueue {
  /** Queues a run of the move (one queued job per move); after `delaySeconds` when waiting on the panel. */
  enqueue(moveId: string, delaySeconds?: number): Promise<void>;
}

export interface MoveJobs extends MoveQueue {
  startWorkers(): Promise<void>;
}

function moveRetries(options: Pick<MoveJobOptions, 'attempts' | 'retryDelaySeconds'>) {
  return {
    retryLimit: Math.max(0, options.attempts - 1),
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryDelaySeconds > 0,
    // A restore waits on the node's download and unpack of the backup (up to 15 minutes each).
    expireInSeconds: 40 * 60,
  };
}

/** The sending side of the region-move job alone. */
export function createMoveQueue(deps: { queue: JobQueue; options: MoveJobOptions }): MoveQueue {
  const { queue } = deps;
  const retries = moveRetries(deps.options);
  return {
    async enqueue(moveId, delaySeconds) {
      await queue.createQueue(REGION_MOVE_QUEUE, { policy: 'short', ...retries });
      await queue.send(REGION_MOVE_QUEUE, { moveId }, { ...retries, singletonKey: moveId, ...(delaySeconds ? { startAfter: delaySeconds } : {}) });
    },
  };
}

/**
 * The durable region move (features/region-moves/region-move-run.ts): each run carries the move
 * as far as it can, then queues itself again to look at the panel later rather than holding a
 * worker. Retried with backoff; the last attempt's failure rolls the move back. A sweep at
 * start-up and every five minutes queues what a stopped process left.
 */
export function createMoveJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  options: MoveJobOptions;
  run(moveId: string, options: { last: boolean }): Promise<{ wait: boolean }>;
  sweep(): Promise<number>;
}): MoveJobs {
  const { queue, options, log } = deps;
  const ready = () => queue.createQueue(REGION_MOVE_QUEUE, { policy: 'short', ...moveRetries(options) });
  const { enqueue } = createMoveQueue(deps);

  async function handle(job: PgBoss.JobWithMetadata<MoveJob>) {
    const outcome = await deps.run(job.data.moveId, { last: job.retryCount >= job.retryLimit });
    if (outcome.wait) await enqueue(job.data.moveId, options.pollSeconds);
  }

  return {
    enqueue,

    async startWorkers() {
      await ready();
      if (options.singleProcess) await queue.releaseActiveJobs(REGION_MOVE_QUEUE);
      await queue.work<MoveJob>(REGION_MOVE_QUEUE, options.concurrency, handle);
      await queue.createQueue(REGION_MOVE_SWEEP_QUEUE, { policy: 'short', retryLimit: 1, expireInSeconds: 300 });
      await queue.boss.schedule(REGION_MOVE_SWEEP_QUEUE, '*/5 * * * *');
      await queue.work(REGION_MOVE_SWEEP_QUEUE, 1, async () => {
        const n = await deps.sweep();
        if (n > 0) log.info({ regionMoves: n }, 'region moves resumed');
      });
      const resumed = await deps.sweep().catch((error: unknown) => {
        log.error({ err: error }, 'region move sweep failed');
        return 0;
      });
      if (resumed > 0) log.info({ regionMoves: resumed }, 'resuming unfinished region moves');
    },
  };
}
