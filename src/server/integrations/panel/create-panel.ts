import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Clock, Ids } from '../../lib/runtime';
import type { GamePanel } from './game-panel';
import { createPanelBudget } from './panel-budget';
import { createPterodactylPanel } from './pterodactyl';
import { createSimPanel } from './sim-panel';

/** Pterodactyl/Pelican when PANEL_URL and PANEL_APPLICATION_KEY are set, else the simulated panel. */
export function createGamePanel(config: Config, deps: { db: Db; clock: Clock; ids: Ids }): GamePanel {
  if (config.PANEL_URL && config.PANEL_APPLICATION_KEY) {
    return createPterodactylPanel({
      url: config.PANEL_URL,
      applicationKey: config.PANEL_APPLICATION_KEY,
      flavor: config.PANEL_FLAVOR,
      eggs: config.PANEL_EGGS,
      locations: config.PANEL_LOCATIONS,
      clientKey: config.PANEL_CLIENT_KEY,
      clientBudget: createPanelBudget(deps.db, deps.clock, {
        perMinute: config.PANEL_CLIENT_RATE_LIMIT ?? (config.PANEL_FLAVOR === 'pelican' ? 256 : 720),
      }),
      now: () => deps.clock.now(),
    });
  }
  return createSimPanel(deps, {
    installSeconds: config.SIM_PANEL_INSTALL_SECONDS,
    capacity: config.SIM_PANEL_CAPACITY,
    capacityByLocation: config.SIM_PANEL_CAPACITY_BY_LOCATION,
    publicUrl: config.PUBLIC_URL,
    dataDir: config.DATA_DIR,
  });
}
