import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { LineValues } from '../../../shared/line-text';
import { users } from './auth';
import { orders } from './orders';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const serverStatuses = [
  'provisioning',
  'installing',
  'online',
  'offline',
  'starting',
  'stopping',
  'suspended',
  'failed',
  'cancelled',
] as const;
export type ServerStatus = (typeof serverStatuses)[number];

/** A customer's game server (the spec's user_servers). One per paid server order, never two. */
export const servers = pgTable(
  'servers',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    name: text('name').notNull(),
    game: text('game').notNull(),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    ramGb: integer('ram_gb').notNull(),
    vcpu: numeric('vcpu', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    diskGb: integer('disk_gb').notNull(),
    playerCap: integer('player_cap').notNull(),
    location: text('location').notNull(),
    addons: jsonb('addons').$type<Record<string, number>>().notNull().default({}),
    status: text('status').$type<ServerStatus>().notNull().default('provisioning'),
    failureReason: text('failure_reason'),
    /** Who suspended it when it was not dunning: 'account' (the owner was suspended) or 'staff'. */
    suspendedBy: text('suspended_by').$type<'account' | 'staff'>(),
    /** Failed provisioning attempts, and the last error as the panel gave it (staff only, never shown to customers). */
    provisioningAttempts: integer('provisioning_attempts').notNull().default(0),
    provisioningError: text('provisioning_error'),
    /** Set when staff deleted it; the newest backup stays downloadable until backup_kept_until. */
    deletedAt: at('deleted_at'),
    keptBackupId: text('kept_backup_id'),
    backupKeptUntil: at('backup_kept_until'),
    panelServerId: text('panel_server_id'),
    panelIdentifier: text('panel_identifier'),
    panelUrl: text('panel_url'),
    ip: text('ip'),
    port: integer('port'),
    /** The ports the panel gave it besides `port` (a plan's extra ports: query, RCON, Geyser). */
    extraPorts: integer('extra_ports').array().notNull().default(sql`'{}'::integer[]`),
    /** What it runs (the catalog's software id and version) once switched; null: the game's default install. */
    software: text('software'),
    softwareVersion: text('software_version'),
    period: text('period').notNull(),
    /** The currency it was bought in: renewals, plan changes, moves and refunds stay in it (decision 053). */
    currency: text('currency').notNull().default('usd'),
    /** The catalog version its price was last set against: its order's, then each price review's. */
    catalogVersion: integer('catalog_version'),
    renewsAt: at('renews_at').notNull(),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('servers_order_idx').on(t.orderId),
    index('servers_user_idx').on(t.userId, t.createdAt),
    index('servers_status_idx').on(t.status, t.updatedAt),
    index('servers_created_idx').on(t.createdAt, t.id),
    check('servers_status_check', sql`${t.status} in ('provisioning','installing','online','offline','starting','stopping','suspended','failed','cancelled')`),
  ],
);

/** The panel account that stands for one of our users (Pterodactyl user id, or the simulator's). */
export const panelAccounts = pgTable('panel_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  panelUserId: text('panel_user_id').notNull(),
  createdAt: at('created_at').notNull(),
});

/**
 * A server the host already had on the game panel, linked by staff to a customer here with a
 * plan, a price and a renewal date (docs/decisions/050-linking-existing-panel-servers.md). A
 * panel server is linked once: the unique index answers a second link, however it races.
 */
export const panelServerLinks = pgTable(
  'panel_server_links',
  {
    serverId: uuid('server_id')
      .primaryKey()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** 'sim' or 'pterodactyl': the panel the server lives on. */
    panel: text('panel').notNull(),
    panelServerId: text('panel_server_id').notNull(),
    /** The staff member who linked it. */
    linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('panel_server_links_panel_server_idx').on(t.panel, t.panelServerId)],
);

/** The simulated game panel's own state: it keeps its servers in the database. */
export const simPanelServers = pgTable(
  'sim_panel_servers',
  {
    id: text('id').primaryKey(),
    /** Our server id; creating twice with the same external id returns the first. */
    externalId: text('external_id').notNull(),
    panelUserId: text('panel_user_id').notNull(),
    location: text('location').notNull(),
    ip: text('ip').notNull(),
    port: integer('port').notNull(),
    ramGb: integer('ram_gb').notNull(),
    vcpu: numeric('vcpu', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    diskGb: integer('disk_gb').notNull(),
    state: text('state').notNull().default('installing'),
    installStartedAt: at('install_started_at').notNull(),
    installSeconds: integer('install_seconds').notNull(),
    startedAt: at('started_at'),
    suspended: integer('suspended').notNull().default(0),
    /** What it runs after a reinstall (a software switch): the catalog's software id and version; null is the game's default install. */
    software: text('software'),
    softwareVersion: text('software_version'),
    /** Set for a server made on the panel itself (the host's own, from before this shop); ours are named by their external id. */
    name: text('name'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('sim_panel_servers_external_idx').on(t.externalId), index('sim_panel_servers_location_idx').on(t.location)],
);

/** What happened on an account, newest first on the dashboard: orders, payments, servers, power, tickets. */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The English line, as staff's console shows it and as rows from before 0045 read in every language. */
    message: text('message').notNull(),
    /** The `activity` message it was written from and its values, so the customer reads it in their language. */
    messageKey: text('message_key'),
    messageValues: jsonb('message_values').$type<LineValues & { lists?: Record<string, string[]> }>(),
    subjectId: text('subject_id'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('activity_log_user_idx').on(t.userId, t.createdAt)],
);
