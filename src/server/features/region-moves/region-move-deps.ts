import type { Db } from '../../db/client';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import type { CatalogService } from '../catalog';
import type { Logger } from '../../lib/logger';
import type { StaffAlerter } from '../../lib/staff-alert';

/** What region moves need: pricing, payment, the panel, mail, and the durable move job. */
export interface RegionMoveDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  catalog: Pick<CatalogService, 'current' | 'atVersion' | 'hasRoom'>;
  payments: PaymentProvider;
  panel: GamePanel;
  events: EventBus;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  log: Logger;
  /** Queues the next run of a move's job (jobs/region-move.ts), after `delaySeconds` when waiting on the panel. */
  moves: { enqueue(moveId: string, delaySeconds?: number): Promise<void> };
  /** Tells staff of a move whose rollback failed too (docs/decisions/046). */
  alerts?: StaffAlerter;
}
