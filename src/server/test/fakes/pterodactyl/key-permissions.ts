import { failure, item, page, type Answer } from './envelope';
import type { PanelServer, PanelState, PanelUser } from './panel-state';

/**
 * An application key's permissions, as the panel checks them (pterodactyl/panel
 * app/Services/Acl/Api/AdminAcl.php; pelican-dev/panel app/Services/Acl/Api/AdminAcl.php): one
 * bit mask per resource, 1 read, 2 write. ApplicationApiRequest::authorize runs before the form's
 * rules, so a request the key may not make answers 403 even with an empty body, and one it may
 * make answers 422 for that body: nothing is written either way. Transformers drop an include
 * the key may not read (NodeTransformer/ServerTransformer::includeAllocations) to Fractal's null
 * resource, silently.
 */
export type KeyResource = 'users' | 'servers' | 'nodes' | 'allocations' | 'locations' | 'nests' | 'eggs' | 'database_hosts' | 'server_databases';
export type KeyPermissions = Record<KeyResource, number>;

export const READ = 1;
export const WRITE = 2;

/** A key made with every box on "Read & Write". */
export const allPermissions = (): KeyPermissions => ({
  users: 3, servers: 3, nodes: 3, allocations: 3, locations: 3, nests: 3, eggs: 3, database_hosts: 3, server_databases: 3,
});

/** The resource a route of /api/application belongs to (the request class's $resource). */
function resourceOf(path: string): KeyResource | null {
  if (/^\/servers\/[^/]+\/databases/.test(path)) return 'server_databases';
  if (/^\/nodes\/\d+\/allocations/.test(path)) return 'allocations';
  if (/^\/nests\/\d+\/eggs/.test(path) || path.startsWith('/eggs')) return 'eggs';
  const top = /^\/([a-z_]+)/.exec(path)?.[1];
  if (top === 'users' || top === 'servers' || top === 'nodes' || top === 'locations' || top === 'nests' || top === 'database_hosts') return top;
  return null;
}

/** 403 when the key lacks the route's permission, else null (the route answers). */
export function refuseByPermission(permissions: KeyPermissions, method: string, path: string): Answer | null {
  const resource = resourceOf(path);
  if (!resource) return null;
  const needed = method === 'GET' ? READ : WRITE;
  if ((permissions[resource] & needed) !== 0) return null;
  return failure(403, 'AccessDeniedHttpException', 'This action is unauthorized.');
}

/** Fractal's null resource in place of every `allocations` include the key may not read. */
export function dropUnreadableIncludes(permissions: KeyPermissions, body: unknown): unknown {
  if ((permissions.allocations & READ) !== 0 || body === null || typeof body !== 'object') return body;
  const strip = (entry: unknown) => {
    const relationships = (entry as { attributes?: { relationships?: Record<string, unknown> } })?.attributes?.relationships;
    if (relationships && 'allocations' in relationships) relationships.allocations = { object: 'null_resource', attributes: null };
  };
  const data = (body as { data?: unknown }).data;
  if (Array.isArray(data)) data.forEach(strip);
  else strip(body);
  return body;
}

/**
 * The Client API's account and server list (ClientController::index with ?type=admin-all for a
 * root admin; AccountTransformer, whose `admin` is root_admin; Pelican adds `root_admin`).
 */
export function clientAccountRoutes(state: PanelState, owner: PanelUser, flavor: 'pterodactyl' | 'pelican') {
  // The Client API's ServerTransformer, as far as a list needs it.
  const serverItem = (s: PanelServer) =>
    item('server', { server_owner: s.owner_id === owner.id, identifier: s.identifier, internal_id: s.id, uuid: s.uuid, name: s.name, status: s.status });
  return (method: string, url: URL): Answer | null => {
    if (method === 'GET' && url.pathname === '/api/client/account') {
      return [200, item('user', {
        id: owner.id,
        admin: owner.root_admin,
        ...(flavor === 'pelican' ? { root_admin: owner.root_admin, uuid: owner.uuid } : {}),
        username: owner.username,
        email: owner.email,
        first_name: owner.first_name,
        last_name: owner.last_name,
        language: 'en',
      })];
    }
    if (method === 'GET' && url.pathname === '/api/client') {
      const type = url.searchParams.get('type');
      let servers = state.servers.filter((s) => s.owner_id === owner.id);
      if (type === 'admin-all') servers = owner.root_admin ? state.servers : [];
      return [200, page(servers, serverItem, url)];
    }
    return null;
  };
}
