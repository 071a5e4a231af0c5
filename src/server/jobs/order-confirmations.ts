import type PgBoss from 'pg-boss';
import type { Tx } from '../db/client';
import type { JobLogger, JobQueue } from './queue';

export const ORDER_CONFIRMATIONS_QUEUE = 'order-confirmations';

export interface OrderConfirmationJob {
  userId: string;
  invoiceId: string;
}

/**
 * How long the job waits before it looks: the confirmation normally goes beside the payment's
 * request within a second or two, and the job then finds it sent. It sends the email only when the
 * process stopped first (or that send failed).
 */
export const ORDER_CONFIRMATION_DELAY_SECONDS = 60;

/** 6 tries, a minute apart and doubling: about an hour for a transient failure (the database, a render). */
const retries = { retryLimit: 5, retryDelay: 60, retryBackoff: true, expireInSeconds: 300 } as const;

/**
 * The durable half of the order confirmation (decision 071): a job written in the payment's own
 * transaction, so an order paid is an email owed even if the process stops before it is sent.
 * The email's once-only key (`order-confirmation:<invoice>`) makes the send beside the request and
 * this job one email between them.
 */
export function createOrderConfirmationJobs(deps: {
  queue: JobQueue;
  log: JobLogger;
  singleProcess: boolean;
  /** Sends the confirmation unless the outbox already holds it (features/billing). */
  send(userId: string, invoiceId: string): Promise<void>;
}) {
  const { queue, log } = deps;
  const ready = () => queue.createQueue(ORDER_CONFIRMATIONS_QUEUE, { policy: 'standard', ...retries });

  async function handle(job: PgBoss.JobWithMetadata<OrderConfirmationJob>) {
    const last = job.retryCount >= job.retryLimit;
    try {
      await deps.send(job.data.userId, job.data.invoiceId);
    } catch (error) {
      log[last ? 'error' : 'warn']({ err: error, invoiceId: job.data.invoiceId }, last ? 'the order confirmation could not be sent; gave up' : 'the order confirmation failed; retrying');
      throw error;
    }
  }

  return {
    /** Before the payment's transaction: the queue exists (pg-boss started), so the insert inside needs nothing else. */
    prepare: ready,
    /** In the payment's transaction. */
    async record(tx: Tx, paid: OrderConfirmationJob): Promise<void> {
      await queue.insertInTransaction(tx, {
        name: ORDER_CONFIRMATIONS_QUEUE,
        data: { userId: paid.userId, invoiceId: paid.invoiceId },
        singletonKey: paid.invoiceId,
        startAfter: String(ORDER_CONFIRMATION_DELAY_SECONDS),
        retryLimit: retries.retryLimit,
        retryDelay: retries.retryDelay,
        retryBackoff: retries.retryBackoff,
        expireInSeconds: retries.expireInSeconds,
      });
    },
    async startWorkers() {
      await ready();
      if (deps.singleProcess) await queue.releaseActiveJobs(ORDER_CONFIRMATIONS_QUEUE);
      await queue.work<OrderConfirmationJob>(ORDER_CONFIRMATIONS_QUEUE, 1, handle);
    },
  };
}

export type OrderConfirmationJobs = ReturnType<typeof createOrderConfirmationJobs>;
