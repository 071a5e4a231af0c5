import type { Db, Tx } from '../../db/client';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import type { Clock, Ids } from '../../lib/runtime';
import type { StaffAlerter } from '../../lib/staff-alert';
import type { CatalogService } from '../catalog';
import type { MessageSource } from '../../lib/say';

export interface Provisioning {
  /** Queues the durable provisioning job of a paid server; called after fulfilment commits. */
  enqueue(serverId: string): Promise<void>;
}

/** What fulfilment needs: it runs from webhooks and from the success page's reconcile. */
export interface FulfilmentDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  /** A server is sized by the catalog version its order was priced with. */
  catalog: Pick<CatalogService, 'atVersion'>;
  events: EventBus;
  provisioning: Provisioning;
  log: Logger;
  /** An upgrade paid through a checkout: the plan change is paid and its resize queued (features/plan-changes). */
  planChangePaid?: (orderId: string) => Promise<void>;
  /** After an order's payment committed, once per order: the order confirmation with its invoice PDF (features/billing). */
  orderPaid?: (paid: { orderId: string; userId: string; invoiceId: string }) => Promise<void>;
  /**
   * The durable record that the confirmation is owed, written in the payment's transaction, so a
   * process that stops before `orderPaid` sends it still has it sent (jobs/order-confirmations.ts).
   */
  confirmationOwed?: {
    /** Before the transaction: what the write inside needs ready. */
    prepare(): Promise<void>;
    record(tx: Tx, paid: { userId: string; invoiceId: string }): Promise<void>;
  };
  /** The provider reports a payment's refunded total (features/billing/refunds.service.ts books what we did not ask for). */
  providerRefunded?: (provider: string, paymentId: string, refundedCents: number) => Promise<void>;
  /** Expires the provider sessions of unpaid orders that a payment closed (their coupon no longer applies). */
  payments?: Pick<PaymentProvider, 'id' | 'expireSession'>;
}

export interface CheckoutDeps extends FulfilmentDeps {
  catalog: CatalogService;
  payments: PaymentProvider;
  panel: Pick<GamePanel, 'hasCapacity'>;
  publicUrl: string;
  /** Tells staff of webhook deliveries refused or failed (a wrong signing secret stops every payment). */
  alerts?: StaffAlerter;
  /** The words of the lines sent to the provider's page (`line.*` in public). */
  i18n?: MessageSource<'public'>;
}
