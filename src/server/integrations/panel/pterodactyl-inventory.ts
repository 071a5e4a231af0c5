import type { PanelListedServer, PanelNode, PanelUser } from './game-panel';
import type { PanelHttp } from './pterodactyl-http';
import type { NodeAttributes, PanelItem, PanelList, ServerAttributes, UserAttributes } from './pterodactyl-types';

/**
 * A server as GET /api/application/servers?include=allocations,user lists it (ServerTransformer):
 * `user` and `node` are ids; an include the key may not read comes back as a null resource
 * (`{object: 'null_resource', attributes: null}`), so the owner's email can be missing.
 */
type ListedServerAttributes = ServerAttributes & {
  user: number;
  node: number | null;
  relationships?: ServerAttributes['relationships'] & { user?: PanelItem<UserAttributes | null> };
};

/** Every node and user of the panel, page by page, through the Application API (capacity and migration). */
export function createInventory(
  http: PanelHttp,
  options: { flavor: 'pterodactyl' | 'pelican'; locations: Record<string, number | string>; panelUrl?: string },
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

    /**
     * Every server with its allocations and owner, 100 a page (the panel refuses more), and the
     * nodes once, for the location each server's node serves.
     */
    async listServers(): Promise<PanelListedServer[]> {
      const [servers, nodes] = await Promise.all([
        allPages<ListedServerAttributes>('/api/application/servers?include=allocations,user', 1000),
        allNodes(),
      ]);
      const locationOf = new Map(nodes.map((n) => [n.id, ourLocation(n)]));
      const base = (options.panelUrl ?? '').replace(/\/+$/, '');
      return servers.map((s) => {
        const allocations = s.relationships?.allocations?.data.map((d) => d.attributes) ?? [];
        const primary = allocations.find((a) => a.id === s.allocation) ?? allocations[0];
        const owner = s.relationships?.user?.attributes ?? null;
        return {
          panelServerId: String(s.id),
          identifier: s.identifier,
          name: s.name,
          externalId: s.external_id,
          ownerPanelUserId: String(s.user),
          ownerEmail: owner?.email ?? null,
          nodeId: s.node != null ? String(s.node) : null,
          location: s.node != null ? (locationOf.get(s.node) ?? null) : null,
          memoryMb: s.limits?.memory ?? 0,
          diskMb: s.limits?.disk ?? 0,
          cpuPercent: s.limits?.cpu ?? 0,
          ip: primary ? primary.alias || primary.ip : null,
          port: primary?.port ?? null,
          suspended: s.status === 'suspended' || s.suspended === true,
          panelUrl: base ? `${base}/server/${s.identifier}` : null,
        };
      });
    },
  };
}
