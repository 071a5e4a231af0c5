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
}

export interface PanelServer {
  panelServerId: string;
  identifier: string;
  /**
   * 'installing' until the install finishes, then 'online' or 'offline'; 'suspended' when
   * suspended; 'install_failed' when the panel's install script failed (retrying will not help).
   */
  state: PanelServerState;
  ip: string | null;
  port: number | null;
  /** Link for the customer to open the panel, when the panel has a web UI. */
  panelUrl: string | null;
}

export type PanelServerState = 'installing' | 'install_failed' | 'online' | 'offline' | 'starting' | 'stopping' | 'suspended';

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

/** A backup to download: a file the sim wrote, or the panel's signed URL. */
export type BackupDownload =
  | { kind: 'file'; path: string; fileName: string; sizeBytes: number; contentType: string }
  | { kind: 'redirect'; url: string };

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
 * The panel behind provisioning and server management. Power, usage, console, backups and
 * players are implemented by both drivers; management errors are PanelErrors with codes
 * 'suspended', 'not_ready', 'server_offline', 'backup_limit', 'not_found' or 'not_configured'.
 */
export interface GamePanel {
  readonly id: 'sim' | 'pterodactyl';
  /** True when the location can take one more server of this size. */
  hasCapacity(location: string, size: { ramGb: number; diskGb: number }): Promise<boolean>;
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
  /** Stops the server and refuses management until unsuspended (unpaid renewals). Missing servers are not an error. */
  suspendServer?(panelServerId: string): Promise<void>;
  unsuspendServer?(panelServerId: string): Promise<void>;

  /** Sends a power signal; the server moves through starting or stopping on its own. */
  power(ref: PanelRef, signal: PowerSignal): Promise<void>;
  resources(ref: PanelRef): Promise<PanelResources>;
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

  /** For the migration screen: every user and node the panel has. */
  listUsers(): Promise<PanelUser[]>;
  listNodes(): Promise<PanelNode[]>;
}
