import type { Db } from '../../db/client';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import type { CatalogService } from '../catalog';
import type { Logger } from '../../lib/logger';
import type { StaffAlerter } from '../../lib/staff-alert';

/** What plan changes need: pricing, payment, the panel, and the durable resize job. */
export interface PlanChangeDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  catalog: Pick<CatalogService, 'current' | 'atVersion'>;
  payments: PaymentProvider;
  panel: Pick<GamePanel, 'resources' | 'resizeServer' | 'getServer'>;
  events: EventBus;
  publicUrl: string;
  log: Logger;
  /** Queues the resize of a paid upgrade or an applied downgrade (jobs/plan-change-resize.ts). */
  resizes: { enqueue(changeId: string): Promise<void> };
  /** Tells staff of a downgrade the panel would not apply (docs/decisions/046). */
  alerts?: StaffAlerter;
}
