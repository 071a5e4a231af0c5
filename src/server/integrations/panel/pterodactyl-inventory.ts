import type { PanelNode, PanelUser } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import type { NodeAttributes, PanelList, UserAttributes } from './pterodactyl-types';

/** Every node and user of the panel, page by page, through the Application API (capacity and migration). */
export function createInventory(
  http: PanelHttp,
  options: { flavor: 'pterodactyl' | 'pelican'; locations: Record<string, number | string> },
) {
  const pelican = options.flavor === 'pelican';

  async function allPages<T>(path: string, maxPages: number): Promise<T[]> {
    const found: T[] = [];
    for (let page = 1; page <= maxPages; page += 1) {
      const list = await http.request<PanelList<T>>('GET', `${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`);
      found.push(...list.data.map((d) => d.attributes));
      if (page >= (list.meta?.pagination?.total_pages ?? 1)) break;
    }
    return found;
  }

  const allNodes = () => allPages<NodeAttributes>('/api/application/nodes?include=allocations', 50);

  /** Our location for a panel node: the PANEL_LOCATIONS entry of its location id (or one of its tags). */
  function ourLocation(node: NodeAttributes): string | null {
    for (const [ours, theirs] of Object.entries(options.locations)) {
      if (pelican ? (node.tags ?? []).includes(String(theirs)) : node.location_id === Number(theirs)) return ours;
    }
    return null;
  }

  return {
    allPages,
    allNodes,

    async listUsers(): Promise<PanelUser[]> {
      return (await allPages<UserAttributes>('/api/application/users', 1000)).map((u) => ({
        id: String(u.id),
        externalId: u.external_id,
        email: u.email,
        firstName: u.first_name ?? '',
        lastName: u.last_name ?? '',
      }));
    },

    async listNodes(): Promise<PanelNode[]> {
      return (await allNodes()).map((n) => ({
        id: String(n.id),
        name: n.name,
        location: ourLocation(n),
        panelLocation: pelican ? (n.tags ?? []).join(',') || null : n.location_id != null ? String(n.location_id) : null,
        fqdn: n.fqdn ?? null,
        memoryMb: n.memory,
        diskMb: n.disk,
        serverLimit: null,
        maintenance: n.maintenance_mode,
      }));
    },
  };
}
