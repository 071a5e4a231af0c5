import type PgBoss from 'pg-boss';
import type { Tx } from '../db/client';
import type { JobLogger, JobQueue } from './queue';

/** 6 tries, a minute apart and doubling: about an hour for a transient failure (the database, a render). */
const retries = { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 } as const;

/**
 * How long the job waits before it looks: the email normally goes beside the request that owed it
 * within a second or two, and the job then finds it sent. It sends the email only when the process
 * stopped first (or that send failed).
 */
export const OWED_EMAIL_DELAY_SECONDS = 60;

/**
 * The durable half of an email a transaction makes owed (decision 071: the order confirmation;
 * decision 086: the refund email): a job written in that transaction, so the email is owed even if
 * the process stops before it is sent. The email's once-only key makes the send beside the request
 * and this job one email between them. `idField` names the document in the job's data.
 */
export function createOwedEmailJobs<K extends string>(
  spec: { queueName: string; idField: K; what: string },
  deps: {
    queue: JobQueue;
    log: JobLogger;
    singleProcess: boolean;
    /** Sends the email unless the outbox already holds it. */
    send(userId: string, documentId: string): Promise<void>;
  },
) {
  type Job = { userId: string } & Record<K, string>;
  const { queue, log } = deps;
  const ready = () => queue.createQueue(spec.queueName, { policy: 'standard', ...retries });

  async function handle(job: PgBoss.JobWithMetadata<Job>) {
    const last = job.retryCount >= job.retryLimit;
    const id = job.data[spec.idField];
    try {
      await deps.send(job.data.userId, id);
    } catch (error) {
      log[last ? 'error' : 'warn']({ err: error, [spec.idField]: id }, last ? `the ${spec.what} could not be sent; gave up` : `the ${spec.what} failed; retrying`);
      throw error;
    }
  }

  return {
    /** Before the owing transaction: the queue exists (pg-boss started), so the insert inside needs nothing else. */
    prepare: ready,
    /** In the owing transaction. */
    async record(tx: Tx, owed: Job): Promise<void> {
      await queue.insertInTransaction(tx, {
        name: spec.queueName,
        data: { userId: owed.userId, [spec.idField]: owed[spec.idField] },
        singletonKey: owed[spec.idField],
        startAfter: String(OWED_EMAIL_DELAY_SECONDS),
        retryLimit: retries.retryLimit,
        retryDelay: retries.retryDelay,
        retryBackoff: retries.retryBackoff,
        expireInSeconds: retries.expireInSeconds,
      });
    },
    async startWorkers() {
      await ready();
      if (deps.singleProcess) await queue.releaseActiveJobs(spec.queueName);
      await queue.work<Job>(spec.queueName, 1, handle);
    },
  };
}
