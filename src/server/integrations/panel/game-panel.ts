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

/**
 * The panel behind provisioning. Issue 5 adds management (power, console, backups, players,
 * usage) as further methods here, each implemented by both drivers.
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
}
