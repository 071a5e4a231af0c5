import type PgBoss from 'pg-boss';
import type { Executor, Tx } from '../db/client';
import type { JobLogger, JobQueue } from './queue';

export const STATUS_NOTICES_QUEUE = 'status-notices';

export interface StatusNoticeJob {
  incidentId: string;
  /** The message posted with the notice: what each customer reads. */
  message: string;
}

/**
 * A fan-out to every customer of the affected locations can take minutes on a busy shop: each try
 * may run a while before pg-boss counts it lost. Sends already stored are skipped on the next try,
 * so six tries over about half an hour lose no one and mail no one twice.
 */
const retries = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 900 } as const;

/**
 * The emails of a status notice (decision 074): a job written in the notice's own transaction, so a
 * posted notice is a fan-out owed even if the process stops before or during it, and staff's
 * request does not wait for the mail. Each email's once-only key (`status-notice:<incident>:<user>`)
 * keeps a retried or overlapping run to one email per customer.
 */
export function createStatusNoticeJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  singleProcess: boolean;
  /** Emails every affected customer not emailed yet about this notice (features/status); throws when some sends failed. */
  send(job: StatusNoticeJob): Promise<void>;
}) {
  const { queue, log } = deps;
  const ready = () => queue.createQueue(STATUS_NOTICES_QUEUE, { policy: 'standard', ...retries });

  async function handle(job: PgBoss.JobWithMetadata<StatusNoticeJob>) {
    const last = job.retryCount >= job.retryLimit;
    try {
      await deps.send(job.data);
    } catch (error) {
      log[last ? 'error' : 'warn']({ err: error, incidentId: job.data.incidentId }, last ? 'status notice emails could not all be sent; gave up' : 'status notice emails failed; retrying');
      throw error;
    }
  }

  return {
    /** Before the notice's transaction: the queue exists (pg-boss started), so the insert inside needs nothing else. */
    prepare: ready,
    /** In the notice's transaction (audited() hands it over typed as an Executor): due at once. */
    async record(tx: Executor, job: StatusNoticeJob): Promise<void> {
      await queue.insertInTransaction(tx as Tx, { name: STATUS_NOTICES_QUEUE, data: job, singletonKey: job.incidentId, ...retries });
    },
    /** After the commit: this process's workers look now rather than at their next poll. */
    wake: () => queue.wake(STATUS_NOTICES_QUEUE),
    /** The notices whose emails are still going out (queued, running or waiting to retry). */
    pending: (incidentIds: string[]) => queue.liveKeys(STATUS_NOTICES_QUEUE, incidentIds),
    async startWorkers() {
      await ready();
      if (deps.singleProcess) await queue.releaseActiveJobs(STATUS_NOTICES_QUEUE);
      await queue.work<StatusNoticeJob>(STATUS_NOTICES_QUEUE, 1, handle);
    },
  };
}

export type StatusNoticeJobs = ReturnType<typeof createStatusNoticeJobs>;
