import type PgBoss from 'pg-boss';
import type { JobLogger, JobQueue } from './queue';

export const SOFTWARE_SWITCH_QUEUE = 'software-switch';

interface SwitchJob {
  switchId: string;
}

export interface SoftwareSwitchJobOptions {
  attempts: number;
  retryDelaySeconds: number;
  /** Seconds between looks at the panel while a step waits (a backup, an install, a start). */
  pollSeconds: number;
  concurrency: number;
  /** PGlite: one process owns the database, so active jobs found at start-up are orphans. */
  singleProcess: boolean;
}

/** What software switches send to: built before them, as the workers run them. */
export interface SoftwareSwitchQueue {
  /** Queues the next run of a switch (one queued job per switch). */
  enqueue(switchId: string): Promise<void>;
}

export interface SoftwareSwitchJobs extends SoftwareSwitchQueue {
  startWorkers(): Promise<void>;
}

function switchRetries(options: Pick<SoftwareSwitchJobOptions, 'attempts' | 'retryDelaySeconds'>) {
  return {
    retryLimit: Math.max(0, options.attempts - 1),
    retryDelay: options.retryDelaySeconds,
    retryBackoff: options.retryDelaySeconds > 0,
    expireInSeconds: 300,
  };
}

function switchSender(queue: JobQueue, options: SoftwareSwitchJobOptions) {
  const retries = switchRetries(options);
  const ready = () => queue.createQueue(SOFTWARE_SWITCH_QUEUE, { policy: 'short', ...retries });
  async function send(switchId: string, startAfter?: number) {
    await ready();
    await queue.send(SOFTWARE_SWITCH_QUEUE, { switchId }, { ...retries, singletonKey: switchId, ...(startAfter ? { startAfter } : {}) });
  }
  async function enqueue(switchId: string) {
    await ready();
    if (await queue.hasLiveJob(SOFTWARE_SWITCH_QUEUE, switchId)) return;
    await send(switchId);
  }
  return { ready, send, enqueue };
}

/** The sending side of the software-switch job alone. */
export function createSoftwareSwitchQueue(deps: { queue: JobQueue; options: SoftwareSwitchJobOptions }): SoftwareSwitchQueue {
  const { enqueue } = switchSender(deps.queue, deps.options);
  return { enqueue };
}

/**
 * The durable job of a software switch (features/software-switch): each run moves the switch as far
 * as the panel lets it, then queues itself again to look a little later while a step waits. A job
 * whose worker died expires and is retried (PGlite: released at start-up), and open switches
 * without a job are queued again at start-up, so a switch always resumes at the step it reached.
 */
export function createSoftwareSwitchJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  options: SoftwareSwitchJobOptions;
  run(switchId: string, options: { last: boolean }): Promise<'poll' | 'done'>;
  openSwitches(): Promise<string[]>;
}): SoftwareSwitchJobs {
  const { queue, options, log } = deps;
  const { ready, send, enqueue } = switchSender(queue, options);

  async function handle(job: PgBoss.JobWithMetadata<SwitchJob>) {
    const outcome = await deps.run(job.data.switchId, { last: job.retryCount >= job.retryLimit });
    if (outcome === 'poll') await send(job.data.switchId, options.pollSeconds);
  }

  return {
    enqueue,

    async startWorkers() {
      await ready();
      if (options.singleProcess) {
        const released = await queue.releaseActiveJobs(SOFTWARE_SWITCH_QUEUE);
        if (released > 0) log.warn({ released }, 'software switch jobs interrupted by the last stop will run again');
      }
      await queue.work<SwitchJob>(SOFTWARE_SWITCH_QUEUE, options.concurrency, handle);
      const open = await deps.openSwitches().catch((error: unknown) => {
        log.error({ err: error }, 'could not list unfinished software switches');
        return [] as string[];
      });
      for (const id of open) await this.enqueue(id);
      if (open.length > 0) log.info({ switches: open.length }, 'resuming unfinished software switches');
    },
  };
}
