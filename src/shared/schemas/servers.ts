import { z } from 'zod';
import { planChangeViewSchema } from './plan-changes';

/** A customer's server as the API serves it (camelCase only, like every other payload). */
export const serverViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  orderId: z.string(),
  name: z.string(),
  game: z.string(),
  /** Display name of the game, e.g. "Minecraft". */
  gameName: z.string(),
  /** provisioning, installing, online, offline, starting, stopping, suspended, failed, cancelled. */
  status: z.string(),
  /** GB of RAM, vCPUs and GB of disk, as bought. */
  ram: z.number(),
  cpu: z.number(),
  disk: z.number(),
  location: z.string(),
  locationLabel: z.string(),
  ip: z.string().nullable(),
  port: z.number().nullable(),
  /** "ip:port" once the server has an address. */
  address: z.string().nullable(),
  /** Its ports besides the address's (a plan's extra ports, for query, RCON or Geyser). */
  extraPorts: z.array(z.number()).optional(),
  panelUrl: z.string().nullable(),
  planName: z.string(),
  playerCap: z.number(),
  /** Why provisioning failed, in words for the customer; null unless status is failed. */
  failureReason: z.string().nullable(),
  /** What a Minecraft server runs ("Paper 1.21.1"; "Vanilla" before any switch); null for other games. */
  software: z.object({ id: z.string(), name: z.string(), version: z.string().nullable() }).nullable().optional(),
  /** A software switch under way: where it is (softwareSwitchProgress) and what it switches to ("Paper 1.21.1"). */
  softwareSwitch: z.object({ status: z.enum(['running', 'rolling_back']), step: z.string(), to: z.string() }).nullable().optional(),
  createdAt: z.string(),
  renewsAt: z.string(),
});
export type ServerView = z.infer<typeof serverViewSchema>;

/**
 * A server on its owner's list: also when it ends if the owner cancelled it (null: it renews), and
 * the plan change under way, so the card can show it (null: none).
 */
export const ownedServerViewSchema = serverViewSchema.extend({
  cancelAt: z.string().nullable(),
  planChange: planChangeViewSchema.nullable(),
  /** A region move under way: where to (null: none). */
  moving: z.object({ toLabel: z.string() }).nullable(),
});
export type OwnedServerView = z.infer<typeof ownedServerViewSchema>;

/** GET /api/servers: the signed-in customer's servers, newest first. */
export const serverListSchema = z.object({ servers: z.array(ownedServerViewSchema) });
export type ServerList = z.infer<typeof serverListSchema>;

/** GET /api/servers/:id. */
export const serverResponseSchema = z.object({ server: serverViewSchema });

/**
 * GET /api/server-status. `hasServer` is true once the server in question (the latest, or the
 * one of `orderId`) is installed and usable: online, offline, starting, stopping or suspended.
 * It stays false while provisioning or installing, and for a failed or cancelled server.
 */
export const serverStatusSchema = z.object({
  hasServer: z.boolean(),
  server: serverViewSchema.nullable(),
});
export type ServerStatusResponse = z.infer<typeof serverStatusSchema>;

export const serverStatusQuerySchema = z.object({
  /** Ask about the server of this order (the success page), not just the latest one. */
  orderId: z.string().max(64).optional(),
});

/** The statuses in which a server exists for the customer (hasServer). */
export const readyServerStatuses = ['online', 'offline', 'starting', 'stopping', 'suspended'] as const;

/** One notice on GET /api/events (`event: change`): refetch what `topic` covers. */
export const changeNoticeSchema = z.object({
  topic: z.enum(['servers', 'purchases', 'orders', 'tickets', 'stats', 'billing', 'affiliate']),
  id: z.string().optional(),
});
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;

// Server management (issue 5). Every path is under /api/servers/:id and answers 404 for a server
// that is not the signed-in customer's.

/** POST /api/servers/:id/power; answers 202 {server}. */
export const powerActions = ['start', 'stop', 'restart'] as const;
export type PowerAction = (typeof powerActions)[number];
export const powerActionSchema = z.object({ action: z.enum(powerActions) });

/**
 * The 409 codes of the management endpoints, with the message each answers. `server_not_ready`
 * covers provisioning, installing, failed and cancelled servers (the message says which).
 */
export const serverActionErrors = {
  server_suspended: 'This server is suspended. Settle the outstanding invoice to start it again.',
  server_not_ready: 'This server is not ready yet.',
  already_running: 'This server is already running.',
  already_stopped: 'This server is already stopped.',
  server_offline: 'This server is offline. Start it to send commands.',
  backup_limit: 'You have reached the backup limit of your plan. Delete an old backup to make room.',
  backup_not_ready: 'This backup is still being created. Try again in a moment.',
  panel_unavailable: 'The game panel is not answering right now. Please try again in a minute.',
  server_moving: 'This server is being moved to another location. Try again once the move is done.',
  server_switching: 'This server is changing its software. Try again once the switch is done.',
} as const;
export type ServerActionError = keyof typeof serverActionErrors;

/** GET /api/servers/:id/resources: live usage against the plan's limits. */
export const serverResourcesSchema = z.object({
  /** The server's status (as in the server view), refreshed from the panel. */
  state: z.string(),
  /** 100 = one vCPU fully used; the limit is the plan's vCPUs × 100. */
  cpuPercent: z.number(),
  cpuLimitPercent: z.number(),
  memoryBytes: z.number(),
  memoryLimitBytes: z.number(),
  diskBytes: z.number(),
  diskLimitBytes: z.number(),
  uptimeSeconds: z.number(),
  players: z.object({ online: z.number(), max: z.number() }),
  /** When the newest completed backup finished; null when there is none. */
  lastBackupAt: z.string().nullable(),
});
export type ServerResources = z.infer<typeof serverResourcesSchema>;

/** GET /api/servers/:id/resources/history: one point a minute over the last hour, oldest first. */
export const resourceHistorySchema = z.object({
  points: z.array(z.object({ at: z.string(), cpuPercent: z.number(), memoryBytes: z.number() })),
});
export type ResourceHistory = z.infer<typeof resourceHistorySchema>;

/** GET /api/servers/:id/players: who is online now (empty while the server is not running). */
export const playerListSchema = z.object({
  players: z.array(z.object({ name: z.string(), joinedAt: z.string() })),
  max: z.number(),
});
export type PlayerList = z.infer<typeof playerListSchema>;

/** POST /api/servers/:id/command; answers 204. One line, no control characters. */
export const consoleCommandSchema = z.object({
  command: z
    .string()
    .trim()
    .min(1, 'Enter a command')
    .max(500, 'A command is at most 500 characters')
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u001f\u007f]+$/, 'A command is one line of text'),
});
export type ConsoleCommand = z.infer<typeof consoleCommandSchema>;

/** One `event: line` of GET /api/servers/:id/console (text/event-stream). */
export const consoleLineSchema = z.object({ line: z.string(), at: z.string() });
export type ConsoleLine = z.infer<typeof consoleLineSchema>;

export const backupSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number(),
  createdAt: z.string(),
  /** null while the backup is still being made. */
  completedAt: z.string().nullable(),
  /** Taken by the daily automatic-backups add-on (kept 7 days, not counted against the limit). */
  automatic: z.boolean(),
});
export type Backup = z.infer<typeof backupSchema>;

/** GET /api/servers/:id/backups, newest first; `limit` is how many of the customer's own backups the plan keeps. */
/** `limit`: the customer's own backups (the plan's and backup-slot add-ons'); `automaticSlots`: the automatic-backups add-on's, for its daily ones. */
export const backupListSchema = z.object({ backups: z.array(backupSchema), limit: z.number(), automaticSlots: z.number() });
export type BackupList = z.infer<typeof backupListSchema>;

/** POST /api/servers/:id/backups; answers 202 {backup}. */
export const createBackupSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name').max(100, 'A name is at most 100 characters').optional(),
});
export type CreateBackup = z.infer<typeof createBackupSchema>;
export const backupResponseSchema = z.object({ backup: backupSchema });

/** PUT /api/servers/:id/restart-schedule: a daily restart at HH:MM UTC, or null for none. */
export const restartScheduleSchema = z.object({
  time: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 04:30')
    .nullable(),
});
export type RestartScheduleInput = z.infer<typeof restartScheduleSchema>;
export const restartScheduleResponseSchema = z.object({ restartAt: z.string().nullable() });
export type RestartSchedule = z.infer<typeof restartScheduleResponseSchema>;

/** GET /api/admin/migration/status (admin): counts here and on the configured game panel. */
export const migrationStatusSchema = z.object({
  profilesMigrated: z.number(),
  serversMigrated: z.number(),
  panelUsers: z.number(),
  panelNodes: z.number(),
});
export type MigrationStatus = z.infer<typeof migrationStatusSchema>;

/** POST /api/admin/migration/run (admin): how many users and nodes this run imported (0 when already there). */
export const migrationResultSchema = z.object({ migrated: z.object({ users: z.number(), nodes: z.number() }) });
export type MigrationResult = z.infer<typeof migrationResultSchema>;
