import { randomBytes, randomUUID } from 'node:crypto';

/** The panel's rows, named as its database and Fractal transformers name them. */
export interface PanelUser {
  id: number;
  uuid: string;
  external_id: string | null;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  root_admin: boolean;
  /** Set when an update sent one (the SFTP password); never shown by the API. */
  password?: string;
}

export interface PanelLocation {
  id: number;
  short: string;
  long: string | null;
}

export interface PanelNode {
  id: number;
  uuid: string;
  public: boolean;
  name: string;
  location_id: number;
  /** Pelican only. */
  tags: string[];
  fqdn: string;
  maintenance_mode: boolean;
  memory: number;
  memory_overallocate: number;
  disk: number;
  disk_overallocate: number;
  /** Pelican only: % of a core the node offers (0 is not checked) and its over-allocation. */
  cpu: number;
  cpu_overallocate: number;
  /** Signs the websocket and download tokens the node (Wings) accepts. */
  daemon_token: string;
}

export interface PanelAllocation {
  id: number;
  node_id: number;
  ip: string;
  ip_alias: string | null;
  port: number;
  notes: string | null;
  server_id: number | null;
}

export interface PanelEggVariable {
  name: string;
  env_variable: string;
  default_value: string;
  rules: string;
}

export interface PanelEgg {
  id: number;
  nest_id: number;
  name: string;
  docker_images: Record<string, string>;
  startup: string;
  variables: PanelEggVariable[];
}

export interface PanelServer {
  id: number;
  external_id: string | null;
  uuid: string;
  /** The panel's uuidShort: the first 8 characters of the uuid. */
  identifier: string;
  name: string;
  description: string;
  /** null once installed; 'installing', 'install_failed', 'suspended', 'restoring_backup'. */
  status: string | null;
  owner_id: number;
  node_id: number;
  /** Pelican (since beta23) leaves it null when a deployment names no ports. */
  allocation_id: number | null;
  nest_id: number;
  egg_id: number;
  memory: number;
  swap: number;
  disk: number;
  io: number;
  cpu: number;
  threads: string | null;
  oom_disabled: boolean;
  database_limit: number | null;
  allocation_limit: number | null;
  backup_limit: number | null;
  startup: string;
  image: string;
  environment: Record<string, unknown>;
  start_on_completion: boolean;
  /** Set while the server moves to another node: suspension and most client calls are refused (409). */
  transfer: boolean;
}

const at = '2030-01-15T12:00:00+00:00';
export const timestamps = { created_at: at, updated_at: at };

/**
 * The eggs a fresh panel has: its seeder's nests (1 Minecraft, 2 Source Engine, 3 Voice Servers,
 * 4 Rust) numbered in seeding order (Minecraft: 1 BungeeCord, 2 Forge, 3 Paper, 4 Sponge, 5
 * Vanilla). Forge and Paper have their own variables (database/Seeders/eggs/minecraft/*.json),
 * for software switching; the others are given Vanilla Minecraft's image, startup and variables,
 * which is what the driver's egg handling needs to meet.
 */
const seededEggs: [id: number, nest: number][] = [
  [1, 1], [2, 1], [3, 1], [4, 1], [5, 1],
  [6, 2], [7, 2], [8, 2], [9, 2], [10, 2], [11, 2], [12, 2],
  [13, 3], [14, 3],
  [15, 4],
];

function vanillaMinecraft(id: number, nestId: number): PanelEgg {
  return {
    id,
    nest_id: nestId,
    name: `Egg ${id}`,
    docker_images: { 'Java 21': 'ghcr.io/pterodactyl/yolks:java_21', 'Java 17': 'ghcr.io/pterodactyl/yolks:java_17' },
    startup: 'java -Xms128M -XX:MaxRAMPercentage=95.0 -jar {{SERVER_JARFILE}}',
    variables: [
      { name: 'Server Jar File', env_variable: 'SERVER_JARFILE', default_value: 'server.jar', rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/' },
      { name: 'Server Version', env_variable: 'VANILLA_VERSION', default_value: 'latest', rules: 'required|string|between:3,15' },
    ],
  };
}

const jarVariable: PanelEggVariable = { name: 'Server Jar File', env_variable: 'SERVER_JARFILE', default_value: 'server.jar', rules: 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/' };

function seededEgg(id: number, nestId: number): PanelEgg {
  const egg = vanillaMinecraft(id, nestId);
  if (id === 2) {
    return {
      ...egg,
      name: 'Forge Minecraft',
      variables: [
        jarVariable,
        { name: 'Minecraft Version', env_variable: 'MC_VERSION', default_value: 'latest', rules: 'required|string|max:9' },
        { name: 'Build Type', env_variable: 'BUILD_TYPE', default_value: 'recommended', rules: 'required|string|in:recommended,latest' },
        { name: 'Forge Version', env_variable: 'FORGE_VERSION', default_value: '', rules: 'nullable|regex:/^[0-9\\.\\-]+$/' },
      ],
    };
  }
  if (id === 3) {
    return {
      ...egg,
      name: 'Paper',
      variables: [
        { name: 'Minecraft Version', env_variable: 'MINECRAFT_VERSION', default_value: 'latest', rules: 'nullable|string|max:20' },
        jarVariable,
        { name: 'Download Path', env_variable: 'DL_PATH', default_value: '', rules: 'nullable|string' },
        { name: 'Build Number', env_variable: 'BUILD_NUMBER', default_value: 'latest', rules: 'required|string|max:20' },
      ],
    };
  }
  return egg;
}

export function createPanelState() {
  let nextId = 1;
  let offsetMs = 0;
  const state = {
    /** The panel's clock, which Wings shares unless skewed: tokens are issued and checked by it. */
    clock: {
      now: () => Date.now() + offsetMs,
      advance(ms: number) {
        offsetMs += ms;
      },
    },
    users: [] as PanelUser[],
    locations: [] as PanelLocation[],
    nodes: [] as PanelNode[],
    allocations: [] as PanelAllocation[],
    servers: [] as PanelServer[],
    eggs: seededEggs.map(([id, nest]) => seededEgg(id, nest)),
    id: () => nextId++,
    location(id: number): PanelLocation {
      let found = state.locations.find((l) => l.id === id);
      if (!found) state.locations.push((found = { id, short: `loc-${id}`, long: null }));
      return found;
    },
    user(input: { email: string; username?: string; external_id?: string | null; first_name?: string; last_name?: string }): PanelUser {
      const user: PanelUser = {
        id: state.id(),
        uuid: randomUUID(),
        external_id: input.external_id ?? null,
        username: (input.username ?? input.email.split('@')[0]!).toLowerCase(),
        email: input.email,
        first_name: input.first_name ?? 'Existing',
        last_name: input.last_name ?? 'User',
        language: 'en',
        root_admin: false,
      };
      state.users.push(user);
      return user;
    },
    node(input: Partial<PanelNode> & { location_id: number }, ports: number[], ip: string, alias: string | null): PanelNode {
      state.location(input.location_id);
      const id = state.id();
      const node: PanelNode = {
        id,
        uuid: randomUUID(),
        public: true,
        name: `node-${id}`,
        tags: [],
        fqdn: `node-${id}.panel.test`,
        maintenance_mode: false,
        memory: 32_768,
        memory_overallocate: 0,
        disk: 512_000,
        disk_overallocate: 0,
        cpu: 0,
        cpu_overallocate: 0,
        daemon_token: randomBytes(32).toString('hex'),
        ...input,
      };
      state.nodes.push(node);
      for (const port of ports) state.allocations.push({ id: state.id(), node_id: id, ip, ip_alias: alias, port, notes: null, server_id: null });
      return node;
    },
    /** The memory and disk (MB) and CPU (%) a node's servers already have. */
    allocated(node: PanelNode) {
      const on = state.servers.filter((s) => s.node_id === node.id);
      return { memory: on.reduce((a, s) => a + s.memory, 0), disk: on.reduce((a, s) => a + s.disk, 0), cpu: on.reduce((a, s) => a + s.cpu, 0) };
    },
  };
  return state;
}

export type PanelState = ReturnType<typeof createPanelState>;
