import { failure, type Answer } from './envelope';
import type { Flavor } from './application-servers';
import type { PanelAllocation, PanelNode, PanelState } from './panel-state';

export interface Requirements {
  memory: number;
  disk: number;
  /** Pelican only: FindViableNodesService sums the servers' CPU too. */
  cpu: number;
  /** Pterodactyl: location ids (empty is every location). */
  locations: number[];
  /** Pelican: node tags (empty is every node; otherwise a node carrying any of them). */
  tags: string[];
}

/**
 * FindViableNodesService. Pterodactyl (app/Services/Deployment/FindViableNodesService.php): public
 * nodes in the locations whose servers' memory and disk plus the new server's fit, by the literal
 * over-allocation formula. Pelican (same path, and Node::isViable): public nodes sharing a tag,
 * where each of memory, disk and CPU is checked only when the node sets it (> 0) and its
 * over-allocation is not -1.
 */
export function viableNodes(state: PanelState, flavor: Flavor, need: Requirements): PanelNode[] {
  return state.nodes.filter((n) => {
    if (!n.public) return false;
    const used = state.allocated(n);
    if (flavor === 'pterodactyl') {
      if (need.locations.length > 0 && !need.locations.includes(n.location_id)) return false;
      return (
        used.memory + need.memory <= n.memory * (1 + n.memory_overallocate / 100) &&
        used.disk + need.disk <= n.disk * (1 + n.disk_overallocate / 100)
      );
    }
    if (need.tags.length > 0 && !need.tags.some((t) => n.tags.includes(t))) return false;
    const fits = (total: number, over: number, sum: number, more: number) => !(total > 0 && over >= 0) || sum + more <= total * (1 + over / 100);
    return (
      fits(n.memory, n.memory_overallocate, used.memory, need.memory) &&
      fits(n.disk, n.disk_overallocate, used.disk, need.disk) &&
      fits(n.cpu, n.cpu_overallocate, used.cpu, need.cpu)
    );
  });
}

const PORT_RANGE = /^(\d{4,5})-(\d{4,5})$/;
const PORT_RANGE_LIMIT = 1000;

/**
 * AllocationSelectionService::setPorts then getRandomAllocation (both panels): single ports and
 * ranges of 4–5 digit ports, at most 1000 ports a range; an empty list is every port. The panel
 * picks at random; the fake takes the first free one, so tests are repeatable.
 */
export function selectAllocation(state: PanelState, nodes: PanelNode[], ports: string[]): PanelAllocation | Answer {
  const singles: number[] = [];
  const ranges: [number, number][] = [];
  for (const port of ports) {
    if (/^\d+$/.test(port)) singles.push(Number(port));
    const m = PORT_RANGE.exec(port);
    if (m) {
      if (Number(m[2]) - Number(m[1]) + 1 > PORT_RANGE_LIMIT) {
        return failure(400, 'DisplayException', 'Cannot assign more than 1000 ports in a single range.');
      }
      ranges.push([Number(m[1]), Number(m[2])]);
    }
  }
  const any = singles.length === 0 && ranges.length === 0;
  const free = state.allocations.find(
    (a) =>
      a.server_id === null &&
      nodes.some((n) => n.id === a.node_id) &&
      (any || singles.includes(a.port) || ranges.some(([lo, hi]) => a.port >= lo && a.port <= hi)),
  );
  return free ?? failure(400, 'NoViableAllocationException', 'No allocations satisfying the requirements for automatic deployment were found.');
}
