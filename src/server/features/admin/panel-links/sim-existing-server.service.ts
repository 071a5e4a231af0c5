import type { SimExistingServerInput } from '../../../../shared/schemas/admin/panel-links';
import { isSimPanel } from '../../../integrations/panel/sim-panel';
import { badRequest, notFound } from '../../../lib/errors';
import { findUserByEmail } from '../../auth';
import type { PanelLinkDeps } from './panel-links.service';

/**
 * The simulated panel only: puts a running server on it as if the host had made it there before
 * this shop, so the linking screen can be tried (and walked by a journey) without a real panel.
 */
export async function addSimExistingServer(deps: PanelLinkDeps, input: SimExistingServerInput): Promise<{ panelServerId: string }> {
  const panel = deps.panel;
  if (!isSimPanel(panel)) throw notFound('Only the simulated panel takes made-up servers.');
  const owner = await findUserByEmail(deps.db, input.ownerEmail.trim().toLowerCase());
  if (!owner) throw badRequest('No account here has that email.', { ownerEmail: 'No account here has that email.' });
  const catalog = await deps.catalog.get();
  if (!catalog.games.some((g) => g.slug === input.game)) throw badRequest('Choose a game from the catalog.', { game: 'Choose a game from the catalog.' });
  if (!catalog.locations.some((l) => l.value === input.location)) {
    throw badRequest('Choose a location from the catalog.', { location: 'Choose a location from the catalog.' });
  }
  const created = await panel.addExistingServer({
    ownerUserId: owner.id,
    name: input.name,
    game: input.game,
    location: input.location,
    ramGb: input.ramGb,
    vcpu: Math.max(1, Math.round(input.ramGb / 4)),
    diskGb: input.ramGb * 10,
  });
  return { panelServerId: created.panelServerId };
}
