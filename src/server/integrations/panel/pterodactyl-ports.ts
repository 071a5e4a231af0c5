import { PanelError } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import type { AllocationAttributes, NodeAttributes, PanelItem, ServerAttributes } from './pterodactyl-types';

const enc = encodeURIComponent;

/**
 * PATCH .../build replaces the whole build, so every change sends back what the server has now:
 * the default allocation, every limit and every feature limit (an absent allocation limit
 * becomes unlimited). The caller overrides what it owns.
 */
export function currentBuild(current: ServerAttributes) {
  const limits = current.limits;
  const features = current.feature_limits;
  return {
    allocation: current.allocation,
    limits: {
      memory: limits?.memory ?? 0,
      swap: limits?.swap ?? 0,
      disk: limits?.disk ?? 0,
      io: limits?.io ?? 500,
      cpu: limits?.cpu ?? 0,
      threads: limits?.threads ?? null,
    },
    feature_limits: {
      databases: features ? features.databases : 0,
      allocations: features ? features.allocations : 1,
      backups: features ? features.backups : 0,
    },
  };
}

/**
 * The free ports to add, nearest to the primary first (a game's query or RCON port is expected
 * right after its game port), the port above winning a tie. Those on the primary's own IP come
 * before the node's other IPs.
 */
export function pickPorts(free: AllocationAttributes[], primary: AllocationAttributes, count: number): AllocationAttributes[] {
  const distance = (a: AllocationAttributes) => Math.abs(a.port - primary.port) * 2 + (a.port < primary.port ? 1 : 0);
  return free
    .filter((a) => !a.assigned && a.id !== primary.id)
    .sort((a, b) => Number(a.ip !== primary.ip) - Number(b.ip !== primary.ip) || distance(a) - distance(b))
    .slice(0, count);
}

/**
 * Gives a server exactly `extra` allocations besides its default one, through the Application
 * API's PATCH /servers/{id}/build (`add_allocations`, `remove_allocations`). BuildModificationService
 * silently skips an id that is taken or on another node, so the result is read back. Idempotent:
 * it counts what the server already has first.
 */
export async function ensureExtraPorts(
  http: PanelHttp,
  allPages: <T>(path: string, maxPages: number) => Promise<T[]>,
  panelServerId: string,
  extra: number,
): Promise<void> {
  const path = `/api/application/servers/${enc(panelServerId)}`;
  const read = async () => (await http.request<PanelItem<ServerAttributes>>('GET', `${path}?include=allocations`)).attributes;
  const current = await read();
  const owned = current.relationships?.allocations?.data.map((d) => d.attributes) ?? [];
  const primary = owned.find((a) => a.id === current.allocation);
  // A server without a default allocation has no address at all: provisioning refuses it.
  if (!primary) return;
  const others = owned.filter((a) => a.id !== primary.id);
  if (others.length === extra) return;
  if (others.length > extra) {
    const farthest = pickPorts(others.map((a) => ({ ...a, assigned: false })), primary, others.length).reverse();
    const remove = farthest.slice(0, others.length - extra).map((a) => a.id);
    await http.request('PATCH', `${path}/build`, { ...currentBuild(current), remove_allocations: remove });
    return;
  }
  const need = extra - others.length;
  const node = current.node;
  // AllocationController::index: a non-numeric server_id filter means "no server" (whereNull).
  const free = node == null
    ? []
    : await allPages<AllocationAttributes>(`/api/application/nodes/${enc(String(node))}/allocations?filter[server_id]=none`, 100);
  const picked = pickPorts(free, primary, need);
  if (picked.length < need) {
    throw new PanelError(
      `panel node ${await nodeName(http, node)} has ${picked.length} free port(s) but this server needs ${need} more: add allocations to the node`,
      false,
      'no_capacity',
    );
  }
  await http.request('PATCH', `${path}/build`, { ...currentBuild(current), add_allocations: picked.map((a) => a.id) });
  const after = (await read()).relationships?.allocations?.data.length ?? 0;
  if (after - 1 < extra) {
    // Another server took one of the picked ports between our read and the change: try again.
    throw new PanelError(`panel server ${panelServerId} got ${after - 1} of ${extra} extra ports`, true);
  }
}

async function nodeName(http: PanelHttp, node: number | undefined): Promise<string> {
  if (node == null) return '(unknown)';
  try {
    const found = await http.request<PanelItem<NodeAttributes>>('GET', `/api/application/nodes/${enc(String(node))}`);
    return `"${found.attributes.name}" (${node})`;
  } catch {
    return String(node);
  }
}
