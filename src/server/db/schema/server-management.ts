import { bigint, boolean, index, integer, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A server's daily restart, at HH:MM UTC; the restart job carries it out once a day. */
export const serverRestartSchedules = pgTable('server_restart_schedules', {
  serverId: uuid('server_id')
    .primaryKey()
    .references(() => servers.id, { onDelete: 'cascade' }),
  /** 'HH:MM', UTC. */
  restartAt: text('restart_at').notNull(),
  /** The slot (day and time) last carried out, so a restart happens once per slot however often the job runs. */
  lastRunAt: at('last_run_at'),
  updatedAt: at('updated_at').notNull(),
});

/** CPU and memory once a minute, for the last-hour chart of panels that keep no history (Pterodactyl). */
export const serverUsageSamples = pgTable(
  'server_usage_samples',
  {
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** Whole minutes, so a sample taken twice in a minute is one row. */
    at: at('at').notNull(),
    cpuPercent: real('cpu_percent').notNull(),
    memoryBytes: bigint('memory_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serverId, t.at] }), index('server_usage_samples_at_idx').on(t.at)],
);

/** Nodes imported from the game panel by the migration (staff): where servers can run, and how big. */
export const panelNodes = pgTable(
  'panel_nodes',
  {
    id: uuid('id').primaryKey(),
    /** 'sim' or 'pterodactyl': the panel the node was read from. */
    panel: text('panel').notNull(),
    panelNodeId: text('panel_node_id').notNull(),
    name: text('name').notNull(),
    /** Our catalog location the node serves (via PANEL_LOCATIONS), or null when unmapped. */
    location: text('location'),
    panelLocation: text('panel_location'),
    fqdn: text('fqdn'),
    memoryMb: integer('memory_mb').notNull(),
    diskMb: integer('disk_mb').notNull(),
    serverLimit: integer('server_limit'),
    maintenance: boolean('maintenance').notNull().default(false),
    importedAt: at('imported_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [uniqueIndex('panel_nodes_panel_node_idx').on(t.panel, t.panelNodeId)],
);
