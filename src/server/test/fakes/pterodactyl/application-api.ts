import { failure, invalid, item, notFound, page, type Answer } from './envelope';
import { asLaravelInput, validate } from './laravel-validation';
import { timestamps, type PanelAllocation, type PanelEgg, type PanelNode, type PanelState, type PanelUser } from './panel-state';
import { viableNodes } from './deployment';
import { createServerRoutes, serverItem, type DaemonSync, type Flavor } from './application-servers';
import { userItem } from './user-item';

/**
 * The Application API (/api/application) of Pterodactyl 1.11 (routes/api-application.php), and
 * Pelican's differences where the driver meets them: users (with spatie's partial `filter[...]`),
 * locations, nodes with their allocations, deployable nodes, eggs with their variables; servers
 * are in application-servers.ts.
 */
export function allocationItem(a: PanelAllocation) {
  return item('allocation', { id: a.id, ip: a.ip, alias: a.ip_alias, port: a.port, notes: a.notes, assigned: a.server_id !== null });
}

const list = <T>(data: T[], map: (v: T) => unknown) => ({ object: 'list', data: data.map(map) });

/** Spatie's AllowedFilter::partial: a case-insensitive LIKE %value% on each `filter[...]`. */
function filtered<T extends object>(rows: T[], url: URL, allowed: string[], exact: string[] = []): { rows: T[] } | { error: Answer } {
  let out = rows;
  for (const [key, value] of url.searchParams) {
    const m = /^filter\[(.+)\]$/.exec(key);
    if (!m) continue;
    const field = m[1]!;
    if (!allowed.includes(field)) {
      return { error: failure(400, 'InvalidFilterQuery', `Requested filter(s) \`${field}\` are not allowed. Allowed filter(s) are \`${allowed.join(', ')}\`.`) };
    }
    const column = (r: T) => (r as Record<string, unknown>)[field];
    if (field === 'server_id') {
      // AllocationController::index: an empty or non-numeric server_id means "on no server".
      out = /^[1-9][0-9]*$/.test(value) ? out.filter((r) => String(column(r)) === value) : out.filter((r) => column(r) == null);
    } else if (exact.includes(field)) {
      out = out.filter((r) => String(column(r) ?? '') === value);
    } else {
      out = out.filter((r) => String(column(r) ?? '').toLowerCase().includes(value.toLowerCase()));
    }
  }
  return { rows: out };
}

export function createApplicationApi(state: PanelState, flavor: Flavor, daemon: DaemonSync) {
  const pelican = flavor === 'pelican';
  const includes = (url: URL) => (url.searchParams.get('include') ?? '').split(',').filter(Boolean);

  function nodeItem(n: PanelNode, url: URL) {
    const { daemon_token: _secret, tags, cpu, cpu_overallocate, ...columns } = n;
    const wanted = includes(url);
    const relationships: Record<string, unknown> = {};
    if (wanted.includes('allocations')) relationships.allocations = list(state.allocations.filter((a) => a.node_id === n.id), allocationItem);
    if (wanted.includes('location')) relationships.location = item('location', { ...state.location(n.location_id), ...timestamps });
    if (wanted.includes('servers')) relationships.servers = list(state.servers.filter((s) => s.node_id === n.id), (s) => serverItem(state, s, []));
    return item('node', {
      ...columns,
      ...(pelican ? { tags, cpu, cpu_overallocate } : {}),
      description: null,
      scheme: 'https',
      behind_proxy: false,
      upload_size: 100,
      daemon_listen: 8080,
      daemon_sftp: 2022,
      daemon_base: '/var/lib/pterodactyl/volumes',
      ...timestamps,
      allocated_resources: { memory: state.allocated(n).memory, disk: state.allocated(n).disk },
      ...(Object.keys(relationships).length ? { relationships } : {}),
    });
  }

  function eggItem(e: PanelEgg, url: URL) {
    const withVariables = includes(url).includes('variables');
    return item('egg', {
      id: e.id,
      nest: e.nest_id,
      name: e.name,
      docker_image: Object.values(e.docker_images)[0] ?? '',
      docker_images: e.docker_images,
      startup: e.startup,
      ...timestamps,
      ...(withVariables
        ? { relationships: { variables: list(e.variables, (v) => item('egg_variable', { ...v, user_viewable: true, user_editable: true })) } }
        : {}),
    });
  }

  /**
   * NodeDeploymentController with GetDeployableNodesRequest: FindViableNodesService's nodes.
   * Pelican also takes `cpu` (each 100 is a core) and `tags[]`; Pterodactyl `location_ids[]`.
   */
  function deployable(url: URL): Answer {
    const issues = validate(asLaravelInput(Object.fromEntries(url.searchParams)), {
      memory: 'required|integer|min:0',
      disk: 'required|integer|min:0',
      ...(pelican ? { cpu: 'sometimes|integer|min:0' } : {}),
      page: 'integer',
    });
    if (issues.length) return invalid(issues);
    const viable = viableNodes(state, flavor, {
      memory: Number(url.searchParams.get('memory')),
      disk: Number(url.searchParams.get('disk')),
      cpu: Number(url.searchParams.get('cpu') ?? 0),
      tags: url.searchParams.getAll('tags[]'),
      locations: url.searchParams.getAll('location_ids[]').map(Number),
    });
    return [200, page(viable, (n) => nodeItem(n, url), url)];
  }

  function createUser(body: unknown): Answer {
    const input = asLaravelInput(body);
    const unique = (field: keyof PanelUser) => ({
      rule: 'unique',
      passes: (v: unknown) => !state.users.some((u) => String(u[field]).toLowerCase() === String(v).toLowerCase()),
    });
    const max = pelican ? 255 : 191;
    const issues = validate(input, {
      external_id: ['sometimes|nullable|string', `max:${max}`, unique('external_id')],
      email: ['required|email', `between:1,${max}`, unique('email')],
      username: [
        'required',
        `between:1,${max}`,
        unique('username'),
        {
          rule: 'p_username',
          passes: (v) => /^[a-z0-9]([\w.-]+)[a-z0-9]$/.test(String(v).toLowerCase()),
          message: 'The :attribute must start and end with alpha-numeric characters and contain only letters, numbers, dashes, underscores, and periods.',
        },
      ],
      ...(!pelican ? { first_name: `required|string|between:1,${max}`, last_name: `required|string|between:1,${max}` } : {}),
      password: 'sometimes|nullable|string',
      root_admin: 'boolean',
    });
    if (issues.length) return invalid(issues);
    const user = state.user({
      email: String(input.email),
      username: String(input.username),
      external_id: (input.external_id as string | null | undefined) ?? null,
      first_name: String(input.first_name ?? ''),
      last_name: String(input.last_name ?? ''),
    });
    return [201, { ...userItem(user), meta: { resource: `/api/application/users/${user.id}` } }];
  }

  const servers = createServerRoutes(state, flavor, daemon);

  return function route(method: string, url: URL, body: unknown): Answer {
    const path = url.pathname.replace(/^\/api\/application/, '');
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/users') {
      const found = filtered(state.users, url, ['email', 'uuid', 'username', 'external_id']);
      return 'error' in found ? found.error : [200, page(found.rows, userItem, url)];
    }
    if (method === 'POST' && path === '/users') return createUser(body);
    if ((m = /^\/users\/external\/([^/]+)$/.exec(path)) && method === 'GET') {
      const u = state.users.find((x) => x.external_id === decodeURIComponent(m![1]!));
      return u ? [200, userItem(u)] : notFound();
    }
    if ((m = /^\/users\/(\d+)$/.exec(path))) {
      const u = state.users.find((x) => x.id === Number(m![1]));
      if (!u) return notFound();
      if (method === 'GET') return [200, userItem(u)];
      if (method === 'PATCH') {
        // UpdateUserRequest: the whole user again (User::getRulesForUpdate), the password optional.
        const input = asLaravelInput(body);
        const max = pelican ? 255 : 191;
        const others = state.users.filter((x) => x.id !== u.id);
        const issues = validate(input, {
          email: ['required|email', `between:1,${max}`, { rule: 'unique', passes: (v) => !others.some((x) => x.email.toLowerCase() === String(v).toLowerCase()) }],
          username: ['required', `between:1,${max}`, { rule: 'unique', passes: (v) => !others.some((x) => x.username === String(v).toLowerCase()) }],
          ...(!pelican ? { first_name: `required|string|between:1,${max}`, last_name: `required|string|between:1,${max}` } : {}),
          password: 'sometimes|nullable|string',
        });
        if (issues.length) return invalid(issues);
        Object.assign(u, { email: String(input.email), username: String(input.username).toLowerCase() });
        if (typeof input.password === 'string') u.password = input.password;
        return [200, userItem(u)];
      }
      if (method === 'DELETE') {
        if (state.servers.some((s) => s.owner_id === u.id)) {
          return failure(400, 'DisplayException', 'Cannot delete a user with active servers attached to their account.');
        }
        state.users.splice(state.users.indexOf(u), 1);
        return [204, null];
      }
    }
    if (method === 'GET' && path === '/locations') return [200, page(state.locations, (l) => item('location', { ...l, ...timestamps }), url)];
    if (method === 'GET' && (m = /^\/locations\/(\d+)$/.exec(path))) {
      const l = state.locations.find((x) => x.id === Number(m![1]));
      return l ? [200, item('location', { ...l, ...timestamps })] : notFound();
    }
    if (method === 'GET' && path === '/nodes') return [200, page(state.nodes, (n) => nodeItem(n, url), url)];
    if (method === 'GET' && path === '/nodes/deployable') return deployable(url);
    if (method === 'GET' && (m = /^\/nodes\/(\d+)(\/allocations)?$/.exec(path))) {
      const n = state.nodes.find((x) => x.id === Number(m![1]));
      if (!n) return notFound();
      if (!m[2]) return [200, nodeItem(n, url)];
      const found = filtered(state.allocations.filter((a) => a.node_id === n.id), url, ['ip', 'port', 'ip_alias', 'server_id'], ['ip', 'port']);
      return 'error' in found ? found.error : [200, page(found.rows, allocationItem, url)];
    }
    const egg = pelican ? /^\/eggs\/(\d+)$/.exec(path) : /^\/nests\/(\d+)\/eggs\/(\d+)$/.exec(path);
    if (method === 'GET' && egg) {
      const found = state.eggs.find((e) => e.id === Number(egg[pelican ? 1 : 2]));
      if (!found || (!pelican && found.nest_id !== Number(egg[1]))) return notFound();
      return [200, eggItem(found, url)];
    }
    return servers(method, url, path, body) ?? notFound();
  };
}
