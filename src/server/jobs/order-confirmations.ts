import { createOwedEmailJobs, OWED_EMAIL_DELAY_SECONDS } from './owed-emails';

export const ORDER_CONFIRMATIONS_QUEUE = 'order-confirmations';

export interface OrderConfirmationJob {
  userId: string;
  invoiceId: string;
}

export const ORDER_CONFIRMATION_DELAY_SECONDS = OWED_EMAIL_DELAY_SECONDS;

/**
 * The durable half of the order confirmation (decision 071), written in the payment's own
 * transaction; its once-only key is `order-confirmation:<invoice>`.
 */
export function createOrderConfirmationJobs(deps: Parameters<typeof createOwedEmailJobs>[1]) {
  return createOwedEmailJobs({ queueName: ORDER_CONFIRMATIONS_QUEUE, idField: 'invoiceId', what: 'order confirmation' }, deps);
}

export type OrderConfirmationJobs = ReturnType<typeof createOrderConfirmationJobs>;
