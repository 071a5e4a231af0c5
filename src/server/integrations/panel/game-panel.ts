import type { PanelMapping } from '../../../shared/panel-mapping';
/** What a game panel (simulated, Pterodactyl or Pelican) must do for provisioning and management. */
export interface PanelUserInput {
  /** Our user id, stored as the panel user's external_id. */
  externalId: string;
  email: string;
  firstName: string;
  lastName: string;
}

export interface PanelServerInput {
  /** Our server id, stored as the panel server's external_id; creating twice returns the first. */
  externalId: string;
  panelUserId: string;
  name: string;
  game: string;
  location: string;
  ramGb: number;
  vcpu: number;
  diskGb: number;
  /** How many backups the panel keeps for it (the plan's allowance). */
  backups?: number;
  /** The plan's player cap, for the mapping's playerCapVariable. */
  playerCap?: number;
  /** The catalog's panel set-up of the plan at the service's version (game default and plan merged). */
  panel?: PanelMapping;
}

/** A server's limits after a plan change: memory, CPU and disk, and how many backups it keeps. */
export interface PanelBuild {
  ramGb: number;
  vcpu: number;
  diskGb: number;
  /** The plan's backup allowance (Pterodactyl's feature_limits.backups). */
  backups: number;
  /** The new plan's panel set-up at the change's catalog version: what it sets replaces the host's tuning. */
  panel?: PanelMapping;
}

export interface PanelServer {
  panelServerId: string;
  identifier: string;
  /**
   * 'installing' until the install (or a reinstall) finishes, then 'online' or 'offline';
   * 'restoring' while a backup is put back; 'suspended' when suspended; 'install_failed' when the
   * panel's install script failed (retrying will not help).
   */
  state: PanelServerState;
  ip: string | null;
  port: number | null;
  /** The ports it has besides `port` (a plan's extra ports), where the panel says; sorted. */
  extraPorts?: number[];
  /** Link for the customer to open the panel, when the panel has a web UI. */
  panelUrl: string | null;
}

export type PanelServerState =
  | 'installing'
  | 'install_failed'
  | 'restoring'
  | 'online'
  | 'offline'
  | 'starting'
  | 'stopping'
  | 'suspended';

/** A panel-side failure; `retryable` says whether trying again later can help. */
export class PanelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** 'no_capacity' when no node in the location can take the server; 'not_found'; 'panel_error'. */
    readonly code: string = 'panel_error',
    /** The panel's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PanelError';
  }
}

/** Which server a management call is about: the panel's id (sim) and its short identifier (Client API). */
export interface PanelRef {
  panelServerId: string;
  identifier: string;
}

export type PowerSignal = 'start' | 'stop' | 'restart';

export interface PanelResources {
  state: PanelServerState;
  /** 100 = one core. */
  cpuPercent: number;
  memoryBytes: number;
  diskBytes: number;
  uptimeSeconds: number;
}

export interface PanelUsagePoint {
  at: Date;
  cpuPercent: number;
  memoryBytes: number;
}

export interface PanelPlayer {
  name: string;
  joinedAt: Date;
}

/** What the players call needs to know of the server: where it answers, and its cap. */
export interface PlayerQuery {
  game: string;
  ip: string | null;
  port: number | null;
  max: number;
}

export interface PanelConsoleLine {
  line: string;
  at: Date;
}

export interface ConsoleHandlers {
  /** The recent lines first, then live ones. */
  line(line: PanelConsoleLine): void;
  /** The panel ended the console and it could not be reopened. */
  closed(reason: string): void;
}

export interface ConsoleSession {
  close(): void;
}

export interface PanelBackup {
  id: string;
  name: string;
  sizeBytes: number;
  createdAt: Date;
  /** null while it is being made. */
  completedAt: Date | null;
  /** false once the panel gave up on it. */
  successful: boolean;
  automatic: boolean;
}

/**
 * What a server runs: the game, the catalog's software for it (Minecraft: vanilla, paper, fabric,
 * forge) and its version. A driver maps it to the panel's install (Pterodactyl: an egg per
 * software from PANEL_EGGS, the version in the egg's version variable).
 */
export interface PanelSoftware {
  game: string;
  software: string;
  version: string;
}

/** A backup to download: a file the sim wrote, or the panel's signed URL. */
export type BackupDownload =
  | { kind: 'file'; path: string; fileName: string; sizeBytes: number; contentType: string }
  | { kind: 'redirect'; url: string };

/** One entry of a server's folder; `path` is from the server's root, without a leading slash. */
export interface PanelFileEntry {
  name: string;
  path: string;
  kind: 'file' | 'folder';
  sizeBytes: number;
  modifiedAt: Date;
  /** The panel's guess (Wings' mimetype); null when it has none. */
  mime: string | null;
}

/** A file to download: one the sim keeps, or the node's signed URL. */
export type FileDownload =
  | { kind: 'file'; path: string; fileName: string; sizeBytes: number }
  | { kind: 'redirect'; url: string };

/** Where to connect with SFTP. */
export interface PanelSftp {
  host: string;
  port: number;
  username: string;
}

/**
 * A server's files. Paths are relative to the server's root and already checked (no '..',
 * absolute paths, NUL or encoded separators: shared/schemas/server-files.ts); a driver also
 * refuses what only it can see (symlinks leading out). Errors are PanelErrors with codes
 * 'file_not_found', 'file_exists', 'bad_path', 'too_large', 'not_text' or the usual ones.
 */
export interface PanelFiles {
  listFiles(ref: PanelRef, dir: string): Promise<PanelFileEntry[]>;
  /** The text of a file of at most maxBytes. */
  readFile(ref: PanelRef, path: string, maxBytes: number): Promise<string>;
  writeFile(ref: PanelRef, path: string, content: string): Promise<void>;
  /** Renames within the same folder. */
  renameFile(ref: PanelRef, path: string, newName: string): Promise<void>;
  /** Files and folders (with what they hold); missing ones are not an error. */
  deleteFiles(ref: PanelRef, paths: string[]): Promise<void>;
  createFolder(ref: PanelRef, dir: string, name: string): Promise<void>;
  /** Streams the body into dir/name, replacing a file of that name; at most maxBytes. */
  uploadFile(ref: PanelRef, dir: string, name: string, body: NodeJS.ReadableStream, maxBytes: number): Promise<void>;
  fileDownload(ref: PanelRef, path: string): Promise<FileDownload>;
  /** Host, port and username; `panelUserId` is the account's panel user, `username` a subuser's known panel username. */
  sftpDetails(ref: PanelRef, who: { panelUserId: string | null; username: string | null; email: string }): Promise<PanelSftp>;
  /** Sets a new random panel (SFTP) password for the user and answers it; real panels only. */
  resetSftpPassword?(panelUserId: string): Promise<string>;
}

/**
 * Subusers on the panel side. The product's own `server_shares` decide every permission; a real
 * panel also needs a subuser so SFTP (and its own UI) let the person in. The simulator has no
 * logins of its own, so it leaves these out.
 */
export interface PanelSubusers {
  /** `permissions` are ours (console, power, backups, files, settings); the driver maps them to the panel's. Answers the panel's subuser id and the SFTP username of the person's panel account. */
  addSubuser(ref: PanelRef, input: { email: string; permissions: readonly string[] }): Promise<{ id: string; username: string }>;
  updateSubuser(ref: PanelRef, subuserId: string, permissions: readonly string[]): Promise<void>;
  /** A missing subuser is not an error. */
  removeSubuser(ref: PanelRef, subuserId: string): Promise<void>;
}

export interface PanelUser {
  id: string;
  /** Our user id when the panel user was created by us. */
  externalId: string | null;
  email: string;
  firstName: string;
  lastName: string;
}

export interface PanelNode {
  id: string;
  name: string;
  /** Our location (catalog value) the node serves, when PANEL_LOCATIONS maps it; else null. */
  location: string | null;
  /** The panel's own location id or tag. */
  panelLocation: string | null;
  fqdn: string | null;
  memoryMb: number;
  diskMb: number;
  /** The simulated panel counts servers per location; real panels size by memory and disk (null). */
  serverLimit: number | null;
  maintenance: boolean;
}

/**
 * A server as the panel lists it, for linking one a customer already had before this shop to a
 * plan here (issue 20 §9, docs/decisions/050-linking-existing-panel-servers.md).
 */
export interface PanelListedServer {
  panelServerId: string;
  identifier: string;
  name: string;
  /** Our server id when we created it; null for a server made on the panel itself. */
  externalId: string | null;
  /** The owner's panel user id, and their email when the panel told it. */
  ownerPanelUserId: string;
  ownerEmail: string | null;
  nodeId: string | null;
  /** Our location (catalog value) when PANEL_LOCATIONS maps its node; else null. */
  location: string | null;
  memoryMb: number;
  diskMb: number;
  /** 100 = one core; 0 = no limit. */
  cpuPercent: number;
  ip: string | null;
  port: number | null;
  suspended: boolean;
  panelUrl: string | null;
}

/**
 * The panel behind provisioning and server management. Power, usage, console, backups and
 * players are implemented by both drivers; management errors are PanelErrors with codes
 * 'suspended', 'not_ready', 'server_offline', 'backup_limit', 'not_found' or 'not_configured'.
 */
export interface GamePanel extends PanelFiles, Partial<PanelSubusers> {
  readonly id: 'sim' | 'pterodactyl';
  /** True when the location can take one more server of this size (Pelican also weighs its CPU). */
  hasCapacity(location: string, size: { ramGb: number; diskGb: number; vcpu?: number; deployTo?: string[] | null }): Promise<boolean>;
  /**
   * What would keep the panel from creating a server of this game, in words staff can act on
   * (a required egg variable with no value, named). Absent on the simulator, which needs nothing.
   */
  planProblems?(game: string, mapping?: PanelMapping): Promise<string[]>;
  /** Finds the user by external id or email, or creates it; answers the panel user id. */
  ensureUser(input: PanelUserInput): Promise<string>;
  /** Creates the server, or answers the existing one with the same external id. */
  createServer(input: PanelServerInput): Promise<PanelServer>;
  /** Throws PanelError code 'not_found' when the panel has no such server. */
  getServer(panelServerId: string): Promise<PanelServer>;
  /** The server created with this external id (our server id), or null. */
  findServer(externalId: string): Promise<PanelServer | null>;
  /** Removes a server (used when provisioning gives up). Missing servers are not an error. */
  deleteServer(panelServerId: string): Promise<void>;
  /**
   * Changes a server's limits in place (a plan change): its files, backups, address and state stay.
   * Asking again with the same limits changes nothing. Throws PanelError 'not_found' for a missing server.
   */
  resizeServer(panelServerId: string, build: PanelBuild): Promise<void>;
  /** Stops the server and refuses management until unsuspended (unpaid renewals). Missing servers are not an error. */
  suspendServer?(panelServerId: string): Promise<void>;
  unsuspendServer?(panelServerId: string): Promise<void>;

  /** Sends a power signal; the server moves through starting or stopping on its own. */
  power(ref: PanelRef, signal: PowerSignal): Promise<void>;
  resources(ref: PanelRef): Promise<PanelResources>;
  /**
   * A panel whose calls share one rate budget (Pterodactyl/Pelican's client key): how many usage
   * samples a minute the sampler may take, under half the budget. Absent: no limit (the simulator).
   */
  samplesPerMinute?: number;
  /** A panel that can tell its own usage history (the simulator); others are sampled by a job. */
  usageHistory?(ref: PanelRef, from: Date, to: Date): Promise<PanelUsagePoint[]>;
  /** Who is online; `online` may exceed the names listed (a Minecraft status lists at most 12). */
  players(ref: PanelRef, query: PlayerQuery): Promise<{ online: number; list: PanelPlayer[] }>;
  /** Opens the server's console: the recent lines, then live ones, until close(). */
  openConsole(ref: PanelRef, handlers: ConsoleHandlers): Promise<ConsoleSession>;
  sendCommand(ref: PanelRef, command: string): Promise<void>;
  /** Newest first. */
  listBackups(ref: PanelRef): Promise<PanelBackup[]>;
  createBackup(ref: PanelRef, input: { name: string; automatic: boolean }): Promise<PanelBackup>;
  /** A missing backup is not an error. */
  deleteBackup(ref: PanelRef, backupId: string): Promise<void>;
  /** Throws PanelError 'not_found' for another server's or a missing backup. */
  backupDownload(ref: PanelRef, backupId: string): Promise<BackupDownload>;

  /**
   * Puts the server's files back as they were in one of its own backups; whatever else is there
   * is removed (Pterodactyl's truncate). The panel stops the server first; it is 'restoring' until
   * done, then offline. Throws PanelError 'not_found' for a missing or another server's backup,
   * 'backup_not_ready' for one still being made or failed, 'not_ready' while the server installs
   * or restores, 'suspended'.
   */
  restoreBackup(ref: PanelRef, backupId: string): Promise<void>;
  /**
   * Reinstalls the server with other software or another version. The install runs over the
   * existing files, so the world and the configs stay; the panel stops the server first, it is
   * 'installing' until done, then offline, or 'install_failed' when the install script failed.
   * Same errors as restoreBackup, and 'not_configured' when the panel has no install for it.
   */
  reinstall(ref: PanelRef, software: PanelSoftware): Promise<void>;

  // Region moves (issue 12, part 4) belong here too, beside files and subusers.

  /**
   * Puts a finished backup of one server onto another (a region move's restore step): the files
   * the backup holds replace the target's, and the target is left stopped. Asking again gives the
   * same result. PanelError 'not_found' for a missing server or backup, 'backup_not_ready' for one
   * still being made.
   */
  copyBackup(from: PanelRef, backupId: string, to: PanelRef): Promise<void>;
  /**
   * The source server's node address when it is one the target's node refuses to download from (a
   * private or loopback address: Wings' downloader), else null. Panels without node downloads leave it out.
   */
  privateMoveSource?(from: PanelRef): Promise<{ host: string; address: string } | null>;

  /** For the migration screen: every user and node the panel has. */
  listUsers(): Promise<PanelUser[]>;
  listNodes(): Promise<PanelNode[]>;
  /** For linking existing servers to customers: every server the panel has, with its owner and address. */
  listServers(): Promise<PanelListedServer[]>;
}
