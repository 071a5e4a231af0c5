import { createOwedEmailJobs, OWED_EMAIL_DELAY_SECONDS } from './owed-emails';

export const REFUND_EMAILS_QUEUE = 'refund-emails';

export interface RefundEmailJob {
  userId: string;
  creditNoteId: string;
}

export const REFUND_EMAIL_DELAY_SECONDS = OWED_EMAIL_DELAY_SECONDS;

/**
 * The durable half of the refund email (decision 086), written in the refund's own transaction;
 * its once-only key is `refund-issued:<credit note>`.
 */
export function createRefundEmailJobs(deps: Parameters<typeof createOwedEmailJobs>[1]) {
  return createOwedEmailJobs({ queueName: REFUND_EMAILS_QUEUE, idField: 'creditNoteId', what: 'refund email' }, deps);
}

export type RefundEmailJobs = ReturnType<typeof createRefundEmailJobs>;
