import type { NodeAttributes } from './pterodactyl-types';

/**
 * FindViableNodesService's SQL, taken literally: -1 (which the admin form calls "no limit") still
 * counts there as 99 %, so it does here too.
 */
function fits(total: number, overallocatePercent: number, used: number, need: number): boolean {
  return used + need <= total * (1 + overallocatePercent / 100);
}

/**
 * Whether the panel's deployment would place a server of this size on the node: not in
 * maintenance, memory and disk within the node's limits (with overallocation), and a free port.
 * The same rules as Pterodactyl's FindViableNodesService and AllocationSelectionService.
 */
export function nodeCanTake(node: NodeAttributes, size: { memoryMb: number; diskMb: number }): boolean {
  // The panel deploys only to public nodes; we also keep away from one in maintenance.
  if (node.maintenance_mode || node.public === false) return false;
  const used = node.allocated_resources;
  // Without allocated_resources (older panels) the free port is the only check left.
  if (used) {
    if (!fits(node.memory, node.memory_overallocate, used.memory, size.memoryMb)) return false;
    if (!fits(node.disk, node.disk_overallocate, used.disk, size.diskMb)) return false;
  }
  const allocations = node.relationships?.allocations?.data;
  if (!allocations) return true;
  return allocations.some((a) => !a.attributes.assigned);
}
