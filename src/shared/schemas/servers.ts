import { z } from 'zod';

/**
 * A customer's server as the API serves it. The spec's UI reads several fields under two
 * spellings (server_name or name, game_type or game, pterodactyl_url or pterodactylUrl,
 * created_at), so both are sent; camelCase is the one new code should read.
 */
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
  panelUrl: z.string().nullable(),
  planName: z.string(),
  playerCap: z.number(),
  /** Why provisioning failed, in words for the customer; null unless status is failed. */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  renewsAt: z.string(),
  // The spec's spellings.
  user_id: z.string(),
  server_name: z.string(),
  game_type: z.string(),
  pterodactyl_url: z.string().nullable(),
  pterodactylUrl: z.string().nullable(),
  created_at: z.string(),
  failure_reason: z.string().nullable(),
  plan_name: z.string(),
  player_cap: z.number(),
});
export type ServerView = z.infer<typeof serverViewSchema>;

/** GET /api/servers: the signed-in customer's servers, newest first. */
export const serverListSchema = z.object({ servers: z.array(serverViewSchema) });
export type ServerList = z.infer<typeof serverListSchema>;

/** GET /api/servers/:id. */
export const serverResponseSchema = z.object({ server: serverViewSchema });

/**
 * GET /api/server-status. `has_server` is true once the server in question (the latest, or the
 * one of `order_id`) is installed and usable: online, offline, starting, stopping or suspended.
 * It stays false while provisioning or installing, and for a failed or cancelled server.
 */
export const serverStatusSchema = z.object({
  has_server: z.boolean(),
  server_info: serverViewSchema.nullable(),
});
export type ServerStatusResponse = z.infer<typeof serverStatusSchema>;

export const serverStatusQuerySchema = z.object({
  /** Ask about the server of this order (the success page), not just the latest one. */
  order_id: z.string().max(64).optional(),
});

/** The statuses in which a server exists for the customer (has_server). */
export const readyServerStatuses = ['online', 'offline', 'starting', 'stopping', 'suspended'] as const;

/** One notice on GET /api/events (`event: change`): refetch what `topic` covers. */
export const changeNoticeSchema = z.object({
  topic: z.enum(['servers', 'purchases', 'orders', 'tickets', 'stats', 'billing', 'affiliate']),
  id: z.string().optional(),
});
export type ChangeNotice = z.infer<typeof changeNoticeSchema>;
