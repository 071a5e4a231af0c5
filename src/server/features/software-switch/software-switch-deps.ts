import type { Db } from '../../db/client';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { Logger } from '../../lib/logger';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import type { CatalogService } from '../catalog';

/** What software switching needs: the catalog's software, the panel, live events and the durable job. */
export interface SoftwareSwitchDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  catalog: Pick<CatalogService, 'current'>;
  panel: GamePanel;
  events: EventBus;
  log: Logger;
  /** Queues the switch's job (jobs/software-switch.ts). */
  switches: { enqueue(switchId: string): Promise<void> };
  /** How long a step may wait for the panel before the switch is rolled back (or, rolling back, failed). */
  limits?: Partial<SwitchLimits>;
}

export interface SwitchLimits {
  backupMs: number;
  installMs: number;
  restoreMs: number;
  startMs: number;
}

export const defaultSwitchLimits: SwitchLimits = {
  backupMs: 30 * 60_000,
  installMs: 30 * 60_000,
  restoreMs: 30 * 60_000,
  startMs: 10 * 60_000,
};
