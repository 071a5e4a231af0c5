import type PgBoss from 'pg-boss';
import type { Tx } from '../db/client';
import type { JobLogger, JobQueue } from './queue';

export const REFUND_EMAILS_QUEUE = 'refund-emails';

export interface RefundEmailJob {
  userId: string;
  creditNoteId: string;
}

/** The email normally goes beside the refund within a second; the job then finds it stored. */
export const REFUND_EMAIL_DELAY_SECONDS = 60;

/** 6 tries, a minute apart and doubling: about an hour for a transient failure (the database, a render). */
const retries = { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 } as const;

/**
 * The durable half of the refund email (decision 086, as decision 071 for the order confirmation):
 * a job written in the refund's own transaction. The email's once-only key
 * (`refund-issued:<credit note>`) makes the send beside the refund, this job and its retries one
 * email between them.
 */
export function createRefundEmailJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  singleProcess: boolean;
  /** Sends the refund email unless the outbox already holds it (features/billing). */
  send(userId: string, creditNoteId: string): Promise<void>;
}) {
  const { queue, log } = deps;
  const ready = () => queue.createQueue(REFUND_EMAILS_QUEUE, { policy: 'standard', ...retries });

  async function handle(job: PgBoss.JobWithMetadata<RefundEmailJob>) {
    const last = job.retryCount >= job.retryLimit;
    try {
      await deps.send(job.data.userId, job.data.creditNoteId);
    } catch (error) {
      log[last ? 'error' : 'warn']({ err: error, creditNoteId: job.data.creditNoteId }, last ? 'the refund email could not be sent; gave up' : 'the refund email failed; retrying');
      throw error;
    }
  }

  return {
    prepare: ready,
    async record(tx: Tx, issued: RefundEmailJob): Promise<void> {
      await queue.insertInTransaction(tx, {
        name: REFUND_EMAILS_QUEUE,
        data: { userId: issued.userId, creditNoteId: issued.creditNoteId },
        singletonKey: issued.creditNoteId,
        startAfter: String(REFUND_EMAIL_DELAY_SECONDS),
        retryLimit: retries.retryLimit,
        retryDelay: retries.retryDelay,
        retryBackoff: retries.retryBackoff,
        expireInSeconds: retries.expireInSeconds,
      });
    },
    async startWorkers() {
      await ready();
      if (deps.singleProcess) await queue.releaseActiveJobs(REFUND_EMAILS_QUEUE);
      await queue.work<RefundEmailJob>(REFUND_EMAILS_QUEUE, 1, handle);
    },
  };
}

export type RefundEmailJobs = ReturnType<typeof createRefundEmailJobs>;
