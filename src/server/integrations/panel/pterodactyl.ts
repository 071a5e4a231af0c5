import type { PanelMapping } from '../../../shared/panel-mapping';
import type { PanelEggConfig } from '../../config';
import { PanelError, type GamePanel, type PanelServer, type PanelServerInput, type PanelUserInput } from './game-panel';
import { nodeCanTake } from './pterodactyl-capacity';
import { withBudgetedReads } from './budgeted-reads';
import type { PanelBudget } from './panel-budget';
import { createClientApi } from './pterodactyl-client';
import { createEggReader, fillVariables, missingVariablesMessage, type PanelEgg } from './pterodactyl-eggs';
import { createPterodactylFiles } from './pterodactyl-files';
import { createInventory } from './pterodactyl-inventory';
import { privateMoveSource, resolveWithDns, type ResolveHost } from './pterodactyl-move-checks';
import { createPanelHttp, type PanelHttp } from './pterodactyl-http';
import { currentBuild, ensureExtraPorts } from './pterodactyl-ports';
import type {
  NodeAttributes,
  PanelItem,
  PanelList,
  ServerAttributes,
  UserAttributes,
} from './pterodactyl-types';

export interface PterodactylOptions {
  url: string;
  applicationKey: string;
  /**
   * Pelican differs from Pterodactyl where the driver cares: nodes are grouped by tags rather than
   * locations (deploy.tags, /nodes/deployable?tags[]=), and eggs live at /eggs/{id} without nests.
   */
  flavor: 'pterodactyl' | 'pelican';
  eggs: Record<string, PanelEggConfig>;
  /** Our location to a panel location id (Pterodactyl) or node tag (Pelican). */
  locations: Record<string, number | string>;
  /** A client API key (ptlc_...) of a panel admin, for power, console, usage and backups. */
  clientKey?: string;
  /** The budget every Client API call takes a place in, shared by all instances (panel-budget.ts). */
  clientBudget?: PanelBudget;
  timeoutMs?: number;
  now?: () => Date;
  /** How often a region move looks at the node's download of a backup (1 s). */
  pullPollMs?: number;
  /** How long that download may go without a byte arriving before the move counts it failed (2 minutes). */
  pullStallMs?: number;
  /** DNS as the nodes see it, for the check of a move's source address (the system resolver). */
  resolveHost?: ResolveHost;
}

const enc = encodeURIComponent;
const MB_PER_GB = 1024;

/**
 * deploy.port_range for Pelican: since beta23 its ServerCreationService picks an allocation only
 * when the deployment names ports, and leaves the server without an address otherwise. Every port
 * from 1024 up, in ranges of at most 1000 (AssignmentService::PORT_RANGE_LIMIT, 4–5 digits each).
 */
export const EVERY_PORT: string[] = Array.from({ length: 65 }, (_, i) => {
  const from = 1024 + i * 1000;
  return `${from}-${Math.min(from + 999, 65535)}`;
});

/** Pelican's deployable-nodes query also weighs CPU (each 100 is one core), which creation checks too. */
function cpuQuery(vcpu: number | undefined): string {
  return vcpu === undefined ? '' : `&cpu=${Math.round(vcpu * 100)}`;
}

/** Pterodactyl usernames: lower-case letters, digits and `_.-`, starting and ending with a letter or digit. */
export function panelUsername(email: string, externalId: string): string {
  const local = (email.split('@')[0] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .slice(0, 40);
  const suffix = externalId.replace(/[^a-z0-9]/gi, '').slice(0, 8).toLowerCase();
  return `${local || 'user'}_${suffix || 'x'}`;
}

export function toPanelServer(attributes: ServerAttributes, panelUrl: string): PanelServer {
  const allocations = attributes.relationships?.allocations?.data.map((d) => d.attributes) ?? [];
  const primary = allocations.find((a) => a.id === attributes.allocation) ?? allocations[0];
  const installed = attributes.container?.installed;
  let state: PanelServer['state'];
  if (attributes.status === 'install_failed' || attributes.status === 'reinstall_failed') state = 'install_failed';
  else if (attributes.status === 'restoring_backup') state = 'restoring';
  else if (attributes.status === 'installing' || (attributes.status == null && (installed === 0 || installed === false))) state = 'installing';
  else if (attributes.status === 'suspended' || attributes.suspended) state = 'suspended';
  // The Application API does not know the power state; the server starts on completion.
  else state = 'online';
  return {
    panelServerId: String(attributes.id),
    identifier: attributes.identifier,
    state,
    ip: primary ? primary.alias || primary.ip : null,
    port: primary?.port ?? null,
    // Read only with ?include=allocations: without it the panel says nothing about the others.
    ...(attributes.relationships?.allocations
      ? { extraPorts: allocations.filter((a) => a !== primary).map((a) => a.port).sort((a, b) => a - b) }
      : {}),
    panelUrl: `${panelUrl}/server/${attributes.identifier}`,
  };
}

/** Pterodactyl or Pelican: provisioning and migration through the Application API, management through the Client API. */
export function createPterodactylPanel(options: PterodactylOptions, http: PanelHttp = createPanelHttp({
  baseUrl: options.url,
  apiKey: options.applicationKey,
  timeoutMs: options.timeoutMs,
})): GamePanel {
  const panelUrl = options.url.replace(/\/+$/, '');
  const pelican = options.flavor === 'pelican';
  const clientHttp = options.clientKey
    ? createPanelHttp({ baseUrl: options.url, apiKey: options.clientKey, timeoutMs: options.timeoutMs, budget: options.clientBudget })
    : null;
  const files = createPterodactylFiles({
    client: () => {
      if (!clientHttp) throw new PanelError('PANEL_CLIENT_KEY is not set: server management is off', false, 'not_configured');
      return clientHttp;
    },
    application: http,
    timeoutMs: options.timeoutMs,
  });
  const management = withBudgetedReads(createClientApi({
    http: clientHttp,
    panelUrl,
    now: options.now ?? (() => new Date()),
    pullPollMs: options.pullPollMs,
    pullStallMs: options.pullStallMs,
    commandNeedsStateCheck: pelican,
  }), options.clientBudget, () => (options.now ?? (() => new Date()))().getTime());
  const readEgg = createEggReader(http, pelican, () => (options.now ?? (() => new Date()))().getTime());
  /** The egg variables that commonly hold the game version, in the order they are looked for. */
  const versionVariables = ['MINECRAFT_VERSION', 'MC_VERSION', 'VANILLA_VERSION', 'VERSION'];

  async function orNull<T>(promise: Promise<T>): Promise<T | null> {
    try {
      return await promise;
    } catch (error) {
      if (error instanceof PanelError && error.code === 'not_found') return null;
      throw error;
    }
  }

  function panelLocation(location: string): number | string {
    const mapped = options.locations[location];
    if (mapped === undefined) throw new PanelError(`location ${location} is not in PANEL_LOCATIONS`, false, 'no_capacity');
    return mapped;
  }

  /**
   * The egg of a PANEL_EGGS key with every variable filled (the settings, then the egg's default);
   * refused before anything is created, naming the variable, when a required one has neither.
   */
  async function eggFor(
    key: string,
    more: (egg: PanelEgg) => Record<string, string> = () => ({}),
    fresh = false,
    mapping: PanelMapping = {},
  ) {
    const config = eggConfig(key, mapping);
    if (!config) throw new PanelError(`${key} has no egg: set one in the catalog or in PANEL_EGGS`, false, 'not_configured');
    const egg = await readEgg(mapping.egg ? `${key}@${mapping.nest ?? ''}/${mapping.egg}` : key, config, { fresh });
    const { environment, missing } = fillVariables(egg.variables, { ...config.environment, ...more(egg) });
    if (missing.length > 0) throw new PanelError(missingVariablesMessage(`PANEL_EGGS.${key}`, missing), false, 'not_configured');
    return { ...egg, environment };
  }

  /** PANEL_EGGS' entry overlaid by the catalog's mapping: its egg, image, startup and variables win. */
  function eggConfig(key: string, mapping: PanelMapping): PanelEggConfig | null {
    const base = options.eggs[key];
    const egg = mapping.egg ?? base?.egg;
    if (!egg) return null;
    const sameEgg = !mapping.egg || mapping.egg === base?.egg;
    return {
      ...(sameEgg ? base : {}),
      egg,
      nest: mapping.nest ?? (sameEgg ? base?.nest : undefined),
      docker_image: mapping.dockerImage ?? (sameEgg ? base?.docker_image : undefined),
      startup: mapping.startup ?? (sameEgg ? base?.startup : undefined),
      environment: { ...(sameEgg ? base?.environment : {}), ...mapping.variables },
    };
  }

  async function findUser(input: PanelUserInput): Promise<string | null> {
    const byExternal = await orNull(
      http.request<PanelItem<UserAttributes>>('GET', `/api/application/users/external/${enc(input.externalId)}`),
    );
    if (byExternal) return String(byExternal.attributes.id);
    // The panel's filter is a partial match (LIKE %email%): read every page for the exact address.
    const similar = await inventory.allPages<UserAttributes>(`/api/application/users?filter[email]=${enc(input.email)}`, 20);
    const match = similar.find((u) => u.email.toLowerCase() === input.email.toLowerCase());
    return match ? String(match.id) : null;
  }

  async function findServer(externalId: string): Promise<PanelServer | null> {
    const found = await orNull(
      http.request<PanelItem<ServerAttributes>>('GET', `/api/application/servers/external/${enc(externalId)}?include=allocations`),
    );
    return found ? toPanelServer(found.attributes, panelUrl) : null;
  }

  async function getServer(panelServerId: string): Promise<PanelServer> {
    const found = await http.request<PanelItem<ServerAttributes>>(
      'GET',
      `/api/application/servers/${enc(panelServerId)}?include=allocations`,
    );
    return toPanelServer(found.attributes, panelUrl);
  }

  const inventory = createInventory(http, { flavor: options.flavor, locations: options.locations, panelUrl });
  const allNodes = inventory.allNodes;

  return {
    id: 'pterodactyl',
    privateMoveSource: (from) => privateMoveSource(http, from, options.resolveHost ?? resolveWithDns),
    ...management,
    ...files,

    listUsers: inventory.listUsers,
    listNodes: inventory.listNodes,
    listServers: inventory.listServers,

    async hasCapacity(location, size) {
      const mapped = options.locations[location];
      // A plan's panel set-up may name where it deploys; otherwise the location's own.
      const targets = size.deployTo?.length ? size.deployTo : mapped === undefined ? [] : [String(mapped)];
      if (targets.length === 0) return false;
      const memoryMb = size.ramGb * MB_PER_GB;
      const diskMb = size.diskGb * MB_PER_GB;
      if (pelican) {
        const tags = targets.map((t) => `&tags[]=${enc(t)}`).join('');
        const list = await http.request<PanelList<NodeAttributes>>(
          'GET',
          `/api/application/nodes/deployable?memory=${memoryMb}&disk=${diskMb}${cpuQuery(size.vcpu)}${tags}`,
        );
        return list.data.length > 0;
      }
      const nodes = await allNodes();
      return nodes.some((n) => targets.includes(String(n.location_id)) && nodeCanTake(n, { memoryMb, diskMb }));
    },

    async planProblems(game, mapping) {
      try {
        await eggFor(game, undefined, true, mapping);
        return [];
      } catch (error) {
        if (error instanceof PanelError && (error.code === 'not_configured' || error.code === 'not_found')) {
          return [error.code === 'not_found' ? `PANEL_EGGS.${game}: the panel has no such egg` : error.message];
        }
        throw error;
      }
    },

    async ensureUser(input) {
      const found = await findUser(input);
      if (found) return found;
      try {
        const created = await http.request<PanelItem<UserAttributes>>('POST', '/api/application/users', {
          external_id: input.externalId,
          email: input.email,
          username: panelUsername(input.email, input.externalId),
          first_name: input.firstName.trim() || 'Customer',
          last_name: input.lastName.trim() || input.email.split('@')[0] || 'Customer',
        });
        return String(created.attributes.id);
      } catch (error) {
        // Someone created the same user between our lookup and the POST.
        if (error instanceof PanelError && error.code === 'panel_validation') {
          const again = await findUser(input);
          if (again) return again;
        }
        throw error;
      }
    },

    async createServer(input: PanelServerInput) {
      const mapping = input.panel ?? {};
      const extraPorts = mapping.extraPorts ?? 0;
      const existing = await findServer(input.externalId);
      if (existing) {
        // A retried step: the ports may not have been added before it failed.
        if (extraPorts > 0) {
          await ensureExtraPorts(http, inventory.allPages, existing.panelServerId, extraPorts);
          return getServer(existing.panelServerId);
        }
        return existing;
      }
      const targets = mapping.deployTo?.length ? mapping.deployTo : [String(panelLocation(input.location))];
      const capVariable = mapping.playerCapVariable;
      const egg = await eggFor(input.game, () => (capVariable && input.playerCap ? { [capVariable]: String(input.playerCap) } : {}), false, mapping);
      const body = {
        external_id: input.externalId,
        name: input.name,
        user: Number(input.panelUserId),
        egg: egg.egg,
        docker_image: egg.image,
        startup: egg.startup,
        environment: egg.environment,
        limits: {
          memory: input.ramGb * MB_PER_GB,
          swap: mapping.swapMb ?? 0,
          disk: input.diskGb * MB_PER_GB,
          io: mapping.ioWeight ?? 500,
          cpu: mapping.cpuPercent ?? Math.round(input.vcpu * 100),
        },
        feature_limits: { databases: mapping.databases ?? 0, allocations: 1 + extraPorts, backups: mapping.backups ?? input.backups ?? 0 },
        deploy: pelican
          ? { tags: targets, dedicated_ip: false, port_range: EVERY_PORT }
          : { locations: targets.map(Number), dedicated_ip: false, port_range: [] },
        start_on_completion: true,
      };
      let created: PanelItem<ServerAttributes>;
      try {
        created = await http.request<PanelItem<ServerAttributes>>('POST', '/api/application/servers', body);
      } catch (error) {
        // A create that raced ours (same external_id) is rejected by validation: answer that one.
        if (error instanceof PanelError && error.code === 'panel_validation') {
          const again = await findServer(input.externalId);
          if (again) return again;
        }
        throw error;
      }
      // The deploy API assigns one allocation: the plan's extra ports are added next to it.
      if (extraPorts > 0) await ensureExtraPorts(http, inventory.allPages, String(created.attributes.id), extraPorts);
      // The create answer has no allocations: read the server back to learn its address.
      return getServer(String(created.attributes.id));
    },

    getServer,
    findServer,

    async resizeServer(panelServerId, build) {
      // PATCH .../build replaces the whole build: send back what the plan does not own
      // (allocation, swap, io, threads, databases, allocations), so a host's own tuning survives.
      const path = `/api/application/servers/${enc(panelServerId)}`;
      const current = (await http.request<PanelItem<ServerAttributes>>('GET', path)).attributes;
      const kept = currentBuild(current);
      // The catalog's panel set-up of the new plan, where it sets a field, replaces the host's tuning.
      const mapping = build.panel ?? {};
      await http.request('PATCH', `${path}/build`, {
        allocation: kept.allocation,
        limits: {
          memory: build.ramGb * MB_PER_GB,
          swap: mapping.swapMb ?? kept.limits.swap,
          disk: build.diskGb * MB_PER_GB,
          io: mapping.ioWeight ?? kept.limits.io,
          cpu: mapping.cpuPercent ?? Math.round(build.vcpu * 100),
          threads: kept.limits.threads,
        },
        feature_limits: {
          databases: mapping.databases ?? kept.feature_limits.databases,
          allocations: mapping.extraPorts != null ? 1 + mapping.extraPorts : kept.feature_limits.allocations,
          backups: mapping.backups ?? build.backups,
        },
      });
      // A plan with more extra ports adds the difference next to the primary; fewer removes the farthest.
      if (mapping.extraPorts != null) await ensureExtraPorts(http, inventory.allPages, panelServerId, mapping.extraPorts);
    },

    async reinstall(ref, software) {
      // PANEL_EGGS names an egg per software ("minecraft:paper"); the game's own egg stands for vanilla.
      const key = `${software.game}:${software.software}`;
      const eggKey = options.eggs[key] ? key : software.software === 'vanilla' && options.eggs[software.game] ? software.game : key;
      const config = options.eggs[eggKey];
      if (!config) throw new PanelError(`${key} is not in PANEL_EGGS`, false, 'not_configured');
      let variable: string | undefined;
      const egg = await eggFor(eggKey, (read) => {
        variable = config.version_variable ?? versionVariables.find((v) => read.variables.some((x) => x.env === v));
        return variable ? { [variable]: software.version } : {};
      });
      if (!variable) {
        throw new PanelError(`the egg of ${key} has no version variable: set PANEL_EGGS["${key}"].version_variable`, false, 'not_configured');
      }
      const path = `/api/application/servers/${enc(ref.panelServerId)}`;
      // StartupController: egg, image and startup are required; every variable of the new egg is
      // validated by its rules, so all of them go (the host's settings, the egg's defaults, the version).
      await http.request('PATCH', `${path}/startup`, {
        egg: config.egg,
        image: egg.image,
        startup: egg.startup,
        environment: egg.environment,
        skip_scripts: false,
      });
      // ReinstallServerService: status 'installing' until Wings reports the install script's end.
      await http.request('POST', `${path}/reinstall`);
    },

    async suspendServer(panelServerId) {
      await orNull(http.request('POST', `/api/application/servers/${enc(panelServerId)}/suspend`));
    },

    async unsuspendServer(panelServerId) {
      await orNull(http.request('POST', `/api/application/servers/${enc(panelServerId)}/unsuspend`));
    },

    async deleteServer(panelServerId) {
      try {
        await orNull(http.request('DELETE', `/api/application/servers/${enc(panelServerId)}`));
      } catch (error) {
        // The daemon may refuse (node offline): the panel's force delete removes the record anyway.
        if (!(error instanceof PanelError) || !error.retryable) throw error;
        await orNull(http.request('DELETE', `/api/application/servers/${enc(panelServerId)}/force`));
      }
    },
  };
}
