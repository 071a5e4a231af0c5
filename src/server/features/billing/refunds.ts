import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import { stderrLogger, type Logger } from '../../lib/logger';
import type { RefundNotices } from './refund-issued.emails';
import { recordProviderRefund, refundRemainder, sweepPendingRefunds } from './refunds.service';

export interface RefundDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  payments: PaymentProvider;
  events: EventBus;
  log?: Logger;
  /** The customer's refund email (decision 086). */
  refundNotices?: RefundNotices;
}

export interface Refunds {
  /**
   * Refunds what is left of an order's payment (a set-up that could not be fixed): back to the
   * card what the card paid, the rest to account credit, each with its credit note. Calling it
   * again, or twice at once, refunds nothing more. An order with no payment is an error.
   */
  refundOrder(orderId: string, reason: string): Promise<void>;
  /** Books what the provider refunded of a payment beyond our own refunds (its dashboard); answers the cents booked. */
  recordProviderRefund(provider: string, paymentId: string, refundedCents: number): Promise<number>;
  /** Finishes refunds a stopped process left pending; answers how many. */
  sweepPending(minAgeMs?: number): Promise<number>;
}

export function createRefunds(deps: RefundDeps): Refunds {
  const log = deps.log ?? stderrLogger;
  return {
    refundOrder: (orderId, reason) => refundRemainder({ ...deps, log }, orderId, reason),
    recordProviderRefund: (provider, paymentId, refundedCents) => recordProviderRefund({ ...deps, log }, provider, paymentId, refundedCents),
    sweepPending: (minAgeMs) => sweepPendingRefunds({ ...deps, log }, minAgeMs),
  };
}
