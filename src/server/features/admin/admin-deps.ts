import type { Config } from '../../config';
import type { Database, Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import type { Outbox } from '../../integrations/mail/outbox';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { BackgroundJobs } from '../../jobs/background-jobs';
import type { Provisioning } from '../../jobs/provisioning';
import type { EventBus } from '../../lib/events';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Clock, Ids } from '../../lib/runtime';
import type { DocumentLanguages, RefundNotices, Refunds } from '../billing';
import type { SessionStore } from '../auth';
import type { Logger } from '../../lib/logger';
import type { VatIdChecks } from '../tax';
import type { StaffAlertDeps } from '../staff-alerts';
import type { ProviderCheck } from '../checkout';

/** What the staff console's routes may use; each area takes what it needs from here. */
export interface AdminDeps {
  config: Config;
  database: Database;
  db: Db;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  /** The outbox behind `mailer`: the customer page lists and resends its emails. */
  outbox: Outbox;
  panel: GamePanel;
  payments: PaymentProvider;
  events: EventBus;
  refunds: Refunds;
  /** The customer's email for each refund staff make (features/billing, decision 086). */
  refundNotices?: RefundNotices;
  provisioning: Provisioning;
  jobs: BackgroundJobs;
  sessions: SessionStore;
  /** The counters every instance shares (the public invitation routes' limits). */
  rateLimiter: RateLimiter;
  /** VAT ID checks with VIES (features/tax); staff verify an ID by hand through the customer page. */
  vatIds: VatIdChecks;
  /** Staff's check of an unpaid order with the payment provider, fulfilling it if paid (features/checkout/provider-check.ts). */
  checkOrderWithProvider: (orderId: string) => Promise<ProviderCheck>;
  /** Where staff alerts go (features/staff-alerts): Settings → Alerts. */
  staffAlerts: StaffAlertDeps;
  /** The wording of invoice and credit-note PDFs in the customer's language (features/i18n). */
  i18n?: DocumentLanguages;
  brand: string;
  publicUrl: string;
  log: Logger;
}
