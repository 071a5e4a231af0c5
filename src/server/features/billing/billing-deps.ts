import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';

export interface BillingDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  payments: PaymentProvider;
  events: EventBus;
  /** Who issues the invoices: BRAND_NAME, SUPPORT_EMAIL and PUBLIC_URL. */
  seller: { name: string; email: string; url: string };
  log: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id is answered like a missing row (404), without a query that would fail on the uuid cast. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
