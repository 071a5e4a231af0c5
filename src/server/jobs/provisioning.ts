import type PgBoss from 'pg-boss';
import { provisionServer, refundFailedServer, type ProvisionDeps, type StepOutcome } from './provision-server';
import { unfinishedServers } from './provisioning.repository';
import type { JobQueue } from './queue';

export const PROVISION_QUEUE = 'provision-server';
/** Failed servers waiting out the refund grace (PROVISION_REFUND_GRACE_MINUTES), then cleaned up and refunded. */
export const REFUND_FAILED_QUEUE = 'refund-failed-server';

interface ProvisionJob {
  serverId: string;
  /** Fresh rounds of retries given to a failed server's clean-up (refund) after one round ran out. */
  round?: number;
  /** Which try of the current step this is (1 for the first); a step that succeeds starts again at 1. */
  attempt?: number;
  /** When the current step first failed (milliseconds of the app's clock). */
  failingSince?: number;
}

export interface ProvisioningOptions {
  /** Tries per step before giving up (PROVISION_ATTEMPTS), at the least: the retry window must pass as well. */
  attempts: number;
  /** First retry delay in seconds, doubled per retry with jitter; 0 retries at once (tests). */
  retryDelaySeconds: number;
  /** The longest wait between two tries of a failing step (PROVISION_RETRY_MAX_DELAY_SECONDS). */
  maxRetryDelaySeconds: number;
  /**
   * How long a step keeps being retried before the server counts as failed
   * (PROVISION_RETRY_WINDOW_MINUTES): a panel down for maintenance must not fail the orders placed meanwhile.
   */
  retryWindowSeconds: number;
  /** Seconds between looks at an installing server. */
  pollSeconds: number;
  /** Jobs run at once in this process. */
  concurrency: number;
  /** A job running longer than this is taken for crashed and retried. */
  expireInSeconds: number;
  /** How often servers left unfinished without a job are queued again; 0 turns it off. */
  sweepIntervalMs: number;
  /** PGlite: one process owns the database, so active jobs found at start-up are orphans. */
  singleProcess: boolean;
}

export const defaultProvisioningOptions: ProvisioningOptions = {
  attempts: 5,
  retryDelaySeconds: 5,
  maxRetryDelaySeconds: 300,
  retryWindowSeconds: 60 * 60,
  pollSeconds: 3,
  concurrency: 4,
  expireInSeconds: 300,
  sweepIntervalMs: 5 * 60_000,
  singleProcess: true,
};

const MAX_CLEANUP_ROUNDS = 3;

/**
 * Seconds before try `attempt + 1` of a failing step: the first delay doubled per try, at most the
 * cap, with up to a fifth more at random so servers that failed together do not retry together.
 */
export function provisionRetryDelaySeconds(options: Pick<ProvisioningOptions, 'retryDelaySeconds' | 'maxRetryDelaySeconds'>, attempt: number, random = Math.random()): number {
  if (options.retryDelaySeconds <= 0) return 0;
  const base = Math.min(options.maxRetryDelaySeconds, options.retryDelaySeconds * 2 ** Math.max(0, attempt - 1));
  return Math.ceil(base * (1 + random / 5));
}

/** The last try of a failing step: enough tries made, and the retry window has passed since its first failure. */
export function isLastTry(options: Pick<ProvisioningOptions, 'attempts' | 'retryWindowSeconds'>, attempt: number, failingForMs: number): boolean {
  return attempt >= options.attempts && failingForMs >= options.retryWindowSeconds * 1000;
}

export interface Provisioning {
  /** Queues the server's provisioning; a server with a job queued, retrying or running is not queued again. */
  enqueue(serverId: string): Promise<void>;
  /**
   * Queues a failed server's provisioning again after staff retried it. The failed run's job may
   * still be finishing (it has written 'failed' and is queueing the refund look), so this does not
   * skip a server with a running job as `enqueue` does: the new job waits for that one (decision 076).
   */
  restart(serverId: string): Promise<void>;
  /** Starts this process's workers, then queues every server left unfinished (after a crash or restart). */
  startWorkers(): Promise<void>;
  stopWorkers(): void;
  /** Queues a job for every unfinished server that has none; answers how many were looked at. */
  sweep(options?: { unrefunded: boolean }): Promise<number>;
}

export function createProvisioning(
  deps: ProvisionDeps & { queue: JobQueue; options?: Partial<ProvisioningOptions> },
): Provisioning {
  const options = { ...defaultProvisioningOptions, ...deps.options };
  const { queue, log } = deps;
  let sweepTimer: NodeJS.Timeout | null = null;

  const retries = {
    retryLimit: options.attempts - 1,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryDelaySeconds > 0,
    expireInSeconds: options.expireInSeconds,
  };
  // 'short': at most one queued (not yet running) job per server id.
  // One after the other: pg-boss creates a partition per queue, and two at once can deadlock on PostgreSQL.
  const ready = async () => {
    await queue.createQueue(PROVISION_QUEUE, { policy: 'short', ...retries });
    await queue.createQueue(REFUND_FAILED_QUEUE, { policy: 'short', ...retries });
  };

  async function send(data: ProvisionJob, startAfterSeconds?: number) {
    await ready();
    await queue.send(PROVISION_QUEUE, data, {
      ...retries,
      singletonKey: data.serverId,
      ...(startAfterSeconds ? { startAfter: startAfterSeconds } : {}),
    });
  }

  /** The refund waits out the grace; it looks again then, and does nothing if staff retried meanwhile. */
  async function sendRefund(data: ProvisionJob, afterMs: number) {
    await ready();
    await queue.send(REFUND_FAILED_QUEUE, data, {
      ...retries,
      singletonKey: data.serverId,
      startAfter: Math.max(1, Math.ceil(afterMs / 1000)),
    });
  }

  async function followUp(job: ProvisionJob, outcome: StepOutcome) {
    const { serverId } = job;
    if (outcome === 'poll') await send({ serverId }, options.pollSeconds);
    else if (outcome === 'retry') {
      // The step failed and may be retried: the next try is a new job, so the wait can span an hour
      // or more (a panel upgrade) without holding a worker, and the window is counted from the first failure.
      const attempt = job.attempt ?? 1;
      const failingSince = job.failingSince ?? deps.clock.now().getTime();
      await send({ serverId, attempt: attempt + 1, failingSince }, provisionRetryDelaySeconds(options, attempt));
    } else if (outcome !== 'done') await sendRefund({ serverId }, outcome.refundInMs);
  }

  /** The server is failed but its clean-up (the refund) keeps failing: give it a fresh round. */
  async function nextRound(job: PgBoss.JobWithMetadata<ProvisionJob>, error: unknown) {
    const { serverId } = job.data;
    const round = (job.data.round ?? 0) + 1;
    if (round <= MAX_CLEANUP_ROUNDS) {
      const delay = Math.max(1, options.retryDelaySeconds) * 2 ** options.attempts;
      if (job.name === REFUND_FAILED_QUEUE) await sendRefund({ serverId, round }, delay * 1000);
      else await send({ serverId, round }, delay);
    } else {
      log.error({ err: error, serverId }, 'provisioning clean-up keeps failing; it needs staff attention');
    }
  }

  async function handle(job: PgBoss.JobWithMetadata<ProvisionJob>) {
    const attempt = job.data.attempt ?? 1;
    const failingFor = job.data.failingSince === undefined ? 0 : deps.clock.now().getTime() - job.data.failingSince;
    // A failing step answers 'retry' (followUp queues the next try); pg-boss's own retries remain
    // for what the step does not catch (a crashed worker, the database, a failing refund).
    const last = isLastTry(options, attempt, failingFor);
    let outcome;
    try {
      outcome = await provisionServer(deps, job.data.serverId, { last });
    } catch (error) {
      if (job.retryCount >= job.retryLimit) await nextRound(job, error);
      throw error;
    }
    await followUp(job.data, outcome);
  }

  async function handleRefund(job: PgBoss.JobWithMetadata<ProvisionJob>) {
    let outcome;
    try {
      outcome = await refundFailedServer(deps, job.data.serverId);
    } catch (error) {
      if (job.retryCount >= job.retryLimit) await nextRound(job, error);
      throw error;
    }
    await followUp(job.data, outcome);
  }

  async function sweep(sweepOptions = { unrefunded: false }) {
    const ids = await unfinishedServers(deps.db, sweepOptions);
    for (const id of ids) await provisioning.enqueue(id);
    return ids.length;
  }

  const provisioning: Provisioning = {
    async enqueue(serverId) {
      await ready();
      if (await queue.hasLiveJob(PROVISION_QUEUE, serverId)) return;
      await send({ serverId });
    },

    async restart(serverId) {
      await send({ serverId });
    },

    async startWorkers() {
      await ready();
      if (options.singleProcess) {
        const released =
          (await queue.releaseActiveJobs(PROVISION_QUEUE)) + (await queue.releaseActiveJobs(REFUND_FAILED_QUEUE));
        if (released > 0) log.warn({ released }, 'provisioning jobs interrupted by the last stop will run again');
      }
      await queue.work<ProvisionJob>(PROVISION_QUEUE, options.concurrency, handle);
      await queue.work<ProvisionJob>(REFUND_FAILED_QUEUE, 1, handleRefund);
      const swept = await sweep({ unrefunded: true });
      if (swept > 0) log.info({ servers: swept }, 'resuming unfinished provisioning');
      if (options.sweepIntervalMs > 0) {
        sweepTimer = setInterval(() => {
          sweep().catch((error: unknown) => log.error({ err: error }, 'provisioning sweep failed'));
        }, options.sweepIntervalMs);
        sweepTimer.unref();
      }
    },

    stopWorkers() {
      if (sweepTimer) clearInterval(sweepTimer);
      sweepTimer = null;
    },

    sweep,
  };
  return provisioning;
}
