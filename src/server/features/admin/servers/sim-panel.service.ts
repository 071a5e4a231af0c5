import type { SimPanelSettings } from '../../../../shared/schemas/admin/servers';
import { failNextInstalls, setFailNextInstalls } from '../../../integrations/panel/sim-panel-settings';
import { conflict } from '../../../lib/errors';
import type { AdminDeps } from '../admin-deps';
import { audited, type StaffActor } from '../../../lib/audit';

type SimPanelDeps = Pick<AdminDeps, 'db' | 'clock' | 'ids' | 'panel'>;

export async function getSimPanelSettings(deps: SimPanelDeps): Promise<SimPanelSettings> {
  return { simulated: deps.panel.id === 'sim', failNextInstalls: await failNextInstalls(deps.db) };
}

/** Tells the simulated panel to fail the next N installs (for rehearsing a provisioning failure). */
export async function setSimPanelFailures(deps: SimPanelDeps, actor: StaffActor, count: number): Promise<SimPanelSettings> {
  if (deps.panel.id !== 'sim') {
    throw conflict('This host runs a real game panel, so there is no simulated panel to configure.');
  }
  return audited(deps, actor, async (tx) => {
    const before = await failNextInstalls(tx);
    await setFailNextInstalls(tx, count, deps.clock.now());
    return {
      result: { simulated: true, failNextInstalls: count },
      audit: {
        action: 'sim_panel.updated',
        targetType: 'settings',
        targetId: 'sim_panel',
        targetLabel: 'Simulated panel',
        before: { failNextInstalls: before },
        after: { failNextInstalls: count },
      },
    };
  });
}
