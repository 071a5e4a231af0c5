import { randomUUID } from 'node:crypto';
import { failure, invalid, item, notFound, page, type Answer } from './envelope';
import { selectAllocation, viableNodes } from './deployment';
import { asLaravelInput, validate, type CheckRule, type Rule } from './laravel-validation';
import { userItem } from './user-item';
import { timestamps, type PanelAllocation, type PanelServer, type PanelState } from './panel-state';

export type Flavor = 'pterodactyl' | 'pelican';

/**
 * /api/application/servers: list (ServerController::index, 1 to 100 a page, with the includes
 * `allocations` and `user`), create (StoreServerRequest, ServerCreationService with its
 * deployment services and the egg's variable rules), read by id or external id, build changes
 * (UpdateServerBuildConfigurationRequest), suspend and unsuspend (SuspensionService), delete.
 */
export function serverItem(state: PanelState, s: PanelServer, include: string[]) {
  const allocations = state.allocations.filter((a) => a.server_id === s.id);
  const allocationItem = (a: PanelAllocation) =>
    item('allocation', { id: a.id, ip: a.ip, alias: a.ip_alias, port: a.port, notes: a.notes, assigned: true });
  // ServerTransformer's includes: the server's allocations, and its owner (UserTransformer).
  const owner = state.users.find((u) => u.id === s.owner_id);
  const relationships: Record<string, unknown> = {};
  if (include.includes('allocations')) relationships.allocations = { object: 'list', data: allocations.map(allocationItem) };
  if (include.includes('user') && owner) relationships.user = userItem(owner);
  return item('server', {
    id: s.id,
    external_id: s.external_id,
    uuid: s.uuid,
    identifier: s.identifier,
    name: s.name,
    description: s.description,
    status: s.status,
    suspended: s.status === 'suspended',
    limits: { memory: s.memory, swap: s.swap, disk: s.disk, io: s.io, cpu: s.cpu, threads: s.threads, oom_disabled: s.oom_disabled },
    feature_limits: { databases: s.database_limit, allocations: s.allocation_limit, backups: s.backup_limit },
    user: s.owner_id,
    node: s.node_id,
    allocation: s.allocation_id,
    nest: s.nest_id,
    egg: s.egg_id,
    container: {
      startup_command: s.startup,
      image: s.image,
      installed: s.status === 'installing' || s.status === 'install_failed' ? 0 : 1,
      environment: s.environment,
    },
    ...timestamps,
    ...(relationships.allocations || relationships.user ? { relationships } : {}),
  });
}

/** What Wings does when the panel syncs a server: a suspended one is stopped; a reinstall runs the egg's install script. */
export interface DaemonSync {
  suspended(server: PanelServer): void;
  reinstall(server: PanelServer): void;
}

export function createServerRoutes(state: PanelState, flavor: Flavor, daemon: DaemonSync) {
  const pelican = flavor === 'pelican';
  const max = pelican ? 255 : 191;
  const exists = (rule: string, passes: (v: unknown) => boolean): CheckRule => ({ rule, passes });
  const freeAllocation = exists('exists', (v) => state.allocations.some((a) => a.id === Number(v) && a.server_id === null));

  const limitRules = (prefix: string, optional: string): Record<string, Rule[]> => ({
    [`${prefix}memory`]: [optional, 'numeric|min:0'],
    [`${prefix}swap`]: [optional, 'numeric|min:-1'],
    [`${prefix}disk`]: [optional, 'numeric|min:0'],
    [`${prefix}io`]: [optional, pelican ? 'numeric|between:0,1000' : 'numeric|between:10,1000'],
    [`${prefix}threads`]: ['nullable', 'regex:/^[0-9-,]+$/'],
    [`${prefix}cpu`]: [optional, 'numeric|min:0'],
  });
  const featureRules = {
    feature_limits: 'required|array',
    'feature_limits.databases': 'present|nullable|integer|min:0',
    'feature_limits.allocations': 'sometimes|nullable|integer|min:0',
    'feature_limits.backups': 'present|nullable|integer|min:0',
  };

  function storeRules(input: Record<string, unknown>): Record<string, Rule | Rule[]> {
    const deploy = input.deploy !== undefined && input.deploy !== null;
    return {
      external_id: ['sometimes|nullable|string', `between:1,${max}`, exists('unique', (v) => !state.servers.some((s) => s.external_id === v))],
      name: `required|string|min:1|max:${max}`,
      description: 'nullable|string',
      user: ['required|integer', exists('exists', (v) => state.users.some((u) => u.id === Number(v)))],
      egg: ['required', exists('exists', (v) => state.eggs.some((e) => e.id === Number(v)))],
      docker_image: pelican ? 'sometimes|string' : ['required', 'string', `max:${max}`, 'regex:/^~?[\\w\\.\\/\\-:@ ]*$/'],
      startup: pelican ? 'sometimes|string' : 'required|string',
      environment: 'present|array',
      skip_scripts: 'sometimes|boolean',
      oom_disabled: 'sometimes|boolean',
      limits: 'required|array',
      ...limitRules('limits.', 'required'),
      ...featureRules,
      ...(deploy
        ? {
            deploy: 'sometimes|required|array',
            ...(pelican
              ? { 'deploy.tags': 'present|array', 'deploy.tags.*': 'required_with:deploy.tags|string|min:1' }
              : { 'deploy.locations': 'present|array', 'deploy.locations.*': 'integer|min:1' }),
            'deploy.dedicated_ip': 'required_with:deploy|boolean',
            'deploy.port_range': 'present|array',
            'deploy.port_range.*': 'string',
          }
        : { 'allocation.default': ['required|integer', freeAllocation], 'allocation.additional.*': ['integer', freeAllocation] }),
      start_on_completion: 'sometimes|boolean',
    };
  }

  /**
   * The node and allocation ServerCreationService settles on. Without `deploy`, the allocation
   * named. Pterodactyl (configureDeployment): the viable nodes, then always an allocation on one
   * of them. Pelican since beta23 (handle): the viable nodes, and an allocation only when
   * deploy.port_range names ports; otherwise the first viable node and no allocation at all.
   */
  function placement(input: Record<string, unknown>): { node_id: number; allocation: PanelAllocation | null } | Answer {
    const deploy = input.deploy as { locations?: unknown[]; tags?: unknown[]; port_range?: unknown[] } | undefined;
    if (!deploy) {
      const named = state.allocations.find((a) => a.id === Number((input.allocation as { default: unknown }).default))!;
      return { node_id: named.node_id, allocation: named };
    }
    const limits = input.limits as Record<string, unknown>;
    const viable = viableNodes(state, flavor, {
      memory: Number(limits.memory),
      disk: Number(limits.disk),
      cpu: Number(limits.cpu ?? 0),
      locations: (deploy.locations ?? []).map(Number),
      tags: (deploy.tags ?? []).map(String),
    });
    if (viable.length === 0) {
      return failure(400, 'NoViableNodeException', 'No nodes satisfying the requirements specified for automatic deployment could be found.');
    }
    const ports = (deploy.port_range ?? []).map(String);
    if (pelican && ports.length === 0) return { node_id: viable[0]!.id, allocation: null };
    const picked = selectAllocation(state, viable, ports);
    return Array.isArray(picked) ? picked : { node_id: picked.node_id, allocation: picked };
  }

  function store(body: unknown): Answer {
    const input = asLaravelInput(body);
    const issues = validate(input, storeRules(input));
    if (issues.length) return invalid(issues);
    const egg = state.eggs.find((e) => e.id === Number(input.egg))!;
    const given = { ...(input.environment as Record<string, unknown>) };
    // VariableValidatorService at admin level: every variable of the egg, by its own rules.
    // Pterodactyl validates an absent one as null; Pelican validates the egg's default in its
    // place. Both then store the value given, or '' (storeEggVariables): a default is never stored.
    const checked = pelican
      ? Object.fromEntries(egg.variables.map((v) => [v.env_variable, given[v.env_variable] ?? v.default_value]))
      : given;
    const variables = Object.fromEntries(egg.variables.map((v) => [`environment.${v.env_variable}`, v.rules]));
    const names = Object.fromEntries(egg.variables.map((v) => [`environment.${v.env_variable}`, `${v.name} variable`]));
    const variableIssues = validate({ environment: checked }, variables, names);
    if (variableIssues.length) return invalid(variableIssues);
    const environment = Object.fromEntries(egg.variables.map((v) => [v.env_variable, given[v.env_variable] ?? '']));
    const placed = placement(input);
    if (Array.isArray(placed)) return placed;
    const limits = input.limits as Record<string, unknown>;
    const features = input.feature_limits as Record<string, unknown>;
    const uuid = randomUUID();
    const server: PanelServer = {
      id: state.id(),
      external_id: (input.external_id as string | null | undefined) ?? null,
      uuid,
      identifier: uuid.slice(0, 8),
      name: String(input.name),
      description: String(input.description ?? ''),
      status: input.skip_scripts === true ? null : 'installing',
      owner_id: Number(input.user),
      node_id: placed.node_id,
      allocation_id: placed.allocation?.id ?? null,
      nest_id: egg.nest_id,
      egg_id: egg.id,
      memory: Number(limits.memory),
      swap: Number(limits.swap),
      disk: Number(limits.disk),
      io: Number(limits.io),
      cpu: Number(limits.cpu),
      threads: (limits.threads as string | null | undefined) ?? null,
      oom_disabled: input.oom_disabled === true,
      database_limit: (features.databases as number | null) ?? null,
      allocation_limit: (features.allocations as number | null | undefined) ?? null,
      backup_limit: (features.backups as number | null) ?? null,
      startup: String(input.startup ?? egg.startup),
      image: String(input.docker_image ?? Object.values(egg.docker_images)[0]),
      environment,
      start_on_completion: input.start_on_completion === true,
      transfer: false,
    };
    if (placed.allocation) placed.allocation.server_id = server.id;
    state.servers.push(server);
    return [201, serverItem(state, server, [])];
  }

  /**
   * BuildModificationService::processAllocations (Pterodactyl 1.x and Pelican): an added id is
   * taken only when it is on the server's node and free, any other is skipped without a word; a
   * removed id only when it is this server's. Removing the default needs a freshly added one to
   * take its place. The Application API does not hold the change to feature_limits.allocations.
   * Answers the default allocation id after the change.
   */
  function changeAllocations(s: PanelServer, input: Record<string, unknown>): number | Answer {
    const ids = (key: string) => (Array.isArray(input[key]) ? (input[key] as unknown[]).map(Number) : []);
    const add = ids('add_allocations');
    const remove = ids('remove_allocations');
    let allocation = Number(input.allocation);
    const fresh = state.allocations.filter((a) => add.includes(a.id) && a.node_id === s.node_id && a.server_id === null);
    if (remove.includes(allocation) || (input.allocation === undefined && s.allocation_id !== null && remove.includes(s.allocation_id))) {
      if (fresh.length === 0) {
        return failure(400, 'DisplayException', 'You are attempting to delete the default allocation for this server but there is no fallback allocation to use.');
      }
      allocation = fresh[0]!.id;
    }
    for (const a of fresh) Object.assign(a, { server_id: s.id, notes: null });
    for (const a of state.allocations) {
      if (remove.includes(a.id) && !add.includes(a.id) && a.server_id === s.id && a.node_id === s.node_id) Object.assign(a, { server_id: null, notes: null });
    }
    return allocation;
  }

  function build(s: PanelServer, body: unknown): Answer {
    const input = asLaravelInput(body);
    const withLimits = input.limits !== undefined;
    const issues = validate(input, {
      allocation: [
        'required',
        exists('unique', (v) => !state.servers.some((x) => x.id !== s.id && x.allocation_id === Number(v))),
        exists('exists', (v) => state.allocations.some((a) => a.id === Number(v))),
      ],
      oom_disabled: 'sometimes|boolean',
      limits: 'sometimes|array',
      ...(withLimits ? limitRules('limits.', 'required_with:limits') : limitRules('', 'required_without:limits')),
      add_allocations: 'bail|array',
      'add_allocations.*': 'integer',
      remove_allocations: 'bail|array',
      'remove_allocations.*': 'integer',
      ...featureRules,
    });
    if (issues.length) return invalid(issues);
    const moved = changeAllocations(s, input);
    if (Array.isArray(moved)) return moved;
    // BuildModificationService: the default allocation must already be this server's.
    const allocation = moved;
    if (allocation !== s.allocation_id && !state.allocations.some((a) => a.id === allocation && a.server_id === s.id)) {
      return failure(400, 'DisplayException', 'The requested default allocation is not currently assigned to this server.');
    }
    const limits = (withLimits ? input.limits : input) as Record<string, unknown>;
    const features = input.feature_limits as Record<string, unknown>;
    // The request's validated() reads each feature limit with `?? null` and the service stores
    // `?? 0` for backups: an absent allocation limit becomes unlimited, an absent backup limit 0.
    Object.assign(s, {
      allocation_id: allocation,
      memory: Number(limits.memory),
      swap: Number(limits.swap),
      disk: Number(limits.disk),
      io: Number(limits.io),
      cpu: Number(limits.cpu),
      threads: (limits.threads as string | null | undefined) ?? null,
      ...(input.oom_disabled !== undefined && { oom_disabled: input.oom_disabled === true }),
      database_limit: (features.databases as number | null) ?? null,
      allocation_limit: (features.allocations as number | null | undefined) ?? null,
      backup_limit: (features.backups as number | null | undefined) ?? 0,
    });
    return [200, serverItem(state, s, [])];
  }

  /**
   * StartupController (UpdateServerStartupRequest, StartupModificationService at admin level):
   * egg, image and startup are required, and every variable of the (new) egg is validated by its
   * rules when an environment is given; the server takes the egg, its nest, image and startup.
   */
  function startup(s: PanelServer, body: unknown): Answer {
    const input = asLaravelInput(body);
    const issues = validate(input, {
      startup: 'required|string',
      environment: 'present|array',
      egg: ['required', exists('exists', (v) => state.eggs.some((e) => e.id === Number(v)))],
      image: ['required', 'string', `max:${max}`, 'regex:/^~?[\\w\\.\\/\\-:@ ]*$/'],
      skip_scripts: 'present|boolean',
    });
    if (issues.length) return invalid(issues);
    const egg = state.eggs.find((e) => e.id === Number(input.egg))!;
    const environment = { ...(input.environment as Record<string, unknown>) };
    if (Object.keys(environment).length > 0) {
      const rules = Object.fromEntries(egg.variables.map((v) => [`environment.${v.env_variable}`, v.rules]));
      const names = Object.fromEntries(egg.variables.map((v) => [`environment.${v.env_variable}`, `${v.name} variable`]));
      const variableIssues = validate({ environment }, rules, names);
      if (variableIssues.length) return invalid(variableIssues);
      s.environment = Object.fromEntries(egg.variables.map((v) => [v.env_variable, environment[v.env_variable] ?? '']));
    }
    Object.assign(s, { egg_id: egg.id, nest_id: egg.nest_id, startup: String(input.startup), image: String(input.image) });
    return [200, serverItem(state, s, [])];
  }

  return function route(method: string, url: URL, path: string, body: unknown): Answer | null {
    const include = (url.searchParams.get('include') ?? '').split(',');
    if (method === 'GET' && path === '/servers') {
      // ServerController::index (Pterodactyl): 10 a page unless told, and 1 to 100 only.
      const perPage = Number(url.searchParams.get('per_page') ?? 10);
      if (!pelican && (perPage < 1 || perPage > 100)) {
        return failure(400, 'QueryValueOutOfRangeHttpException', '"per_page" query parameter must be between 1 and 100');
      }
      return [200, page(state.servers, (s) => serverItem(state, s, include), url, pelican ? 50 : 10)];
    }
    if (method === 'POST' && path === '/servers') return store(body);
    let m: RegExpExecArray | null;
    if (method === 'GET' && (m = /^\/servers\/external\/([^/]+)$/.exec(path))) {
      const s = state.servers.find((x) => x.external_id === decodeURIComponent(m![1]!));
      return s ? [200, serverItem(state, s, include)] : notFound();
    }
    if (!(m = /^\/servers\/(\d+)(?:\/([a-z]+))?$/.exec(path))) return null;
    const s = state.servers.find((x) => x.id === Number(m![1]));
    if (!s) return notFound();
    const action = m[2];
    if (method === 'GET' && !action) return [200, serverItem(state, s, include)];
    if (method === 'PATCH' && action === 'build') return build(s, body);
    if (method === 'PATCH' && action === 'startup') return startup(s, body);
    if (method === 'POST' && action === 'reinstall') {
      // ReinstallServerService: 'installing' at once, then Wings runs the egg's install script.
      s.status = 'installing';
      daemon.reinstall(s);
      return [204, null];
    }
    if (method === 'POST' && (action === 'suspend' || action === 'unsuspend')) {
      const suspending = action === 'suspend';
      if (suspending === (s.status === 'suspended')) return [204, null];
      if (s.transfer) return failure(409, 'ConflictHttpException', 'Cannot toggle suspension status on a server that is currently being transferred.');
      s.status = suspending ? 'suspended' : null;
      if (suspending) daemon.suspended(s);
      return [204, null];
    }
    if (method === 'DELETE' && (!action || action === 'force')) {
      state.servers.splice(state.servers.indexOf(s), 1);
      for (const a of state.allocations) if (a.server_id === s.id) a.server_id = null;
      return [204, null];
    }
    return null;
  };
}
