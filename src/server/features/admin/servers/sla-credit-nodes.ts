import type { GamePanel } from '../../../integrations/panel/game-panel';
import type { PanelNodesByLocation } from '../../billing';

const WAIT_MS = 5_000;

/**
 * The panel's nodes by the location they serve, so the SLA credit does not pick a node on its own
 * when the location has nodes the status checks never saw. null when the panel does not answer in
 * time: the preview then goes by the checks alone and says so.
 */
export async function panelNodesByLocation(panel: GamePanel): Promise<PanelNodesByLocation> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const nodes = await Promise.race([
      panel.listNodes(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('The panel did not answer in time')), WAIT_MS);
      }),
    ]);
    const byLocation = new Map<string, string[]>();
    for (const node of nodes) {
      if (!node.location) continue;
      byLocation.set(node.location, [...(byLocation.get(node.location) ?? []), `node:${node.id}`]);
    }
    return byLocation;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}
