/** The Application API's JSON shapes (Fractal transformers) that the driver reads. */
export interface PanelItem<T> {
  object: string;
  attributes: T;
}

export interface PanelList<T> {
  object: 'list';
  data: PanelItem<T>[];
  meta?: { pagination?: { total: number; count: number; per_page: number; current_page: number; total_pages: number } };
}

export interface UserAttributes {
  id: number;
  external_id: string | null;
  uuid: string;
  username: string;
  email: string;
  first_name?: string;
  last_name?: string;
}

export interface AllocationAttributes {
  id: number;
  ip: string;
  /** The public alias of the IP, when the node sits behind NAT. */
  alias: string | null;
  port: number;
  notes: string | null;
  assigned: boolean;
}

export interface ServerAttributes {
  id: number;
  external_id: string | null;
  uuid: string;
  identifier: string;
  name: string;
  /** null once installed; 'installing', 'install_failed', 'reinstall_failed', 'suspended', 'restoring_backup'. */
  status: string | null;
  /** Deprecated in favour of status, still sent by both panels. */
  suspended?: boolean;
  /** The id of the server's default allocation. */
  allocation: number;
  /** The id of the node the server is on. */
  node?: number;
  container: { installed?: number | boolean; image?: string; startup_command?: string };
  /** MB, MB (-1 unlimited), MB, weight 10–1000, % of a core, pinned cores ("0-1,3") or null. */
  limits?: { memory: number; swap: number; disk: number; io: number; cpu: number; threads: string | null; oom_disabled?: boolean };
  /** null is unlimited. */
  feature_limits?: { databases: number | null; allocations: number | null; backups: number | null };
  relationships?: { allocations?: PanelList<AllocationAttributes> };
}

export interface NodeAttributes {
  id: number;
  name: string;
  /** Pterodactyl only; Pelican groups nodes by tags instead. */
  location_id?: number;
  /** Pelican only. */
  tags?: string[];
  fqdn?: string;
  /** Automatic deployment only uses public nodes. */
  public?: boolean;
  maintenance_mode: boolean;
  memory: number;
  memory_overallocate: number;
  disk: number;
  disk_overallocate: number;
  /** Pterodactyl 1.x: the memory and disk (MB) its servers already have. */
  allocated_resources?: { memory: number; disk: number };
  relationships?: { allocations?: PanelList<AllocationAttributes> };
}

export interface EggAttributes {
  id: number;
  /** Pterodactyl; deprecated in favour of docker_images. */
  docker_image?: string;
  docker_images?: Record<string, string>;
  startup?: string;
  /** Pelican: named startup commands. */
  startup_commands?: Record<string, string>;
  relationships?: { variables?: PanelList<{ name?: string; env_variable: string; default_value: string | null; rules?: string }> };
}
