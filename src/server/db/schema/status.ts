import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StatusComponentState, StatusIncidentKind, StatusIncidentState } from '../../../shared/schemas/status';
import { users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One day of one component's checks, counted as they are recorded (features/status): the status
 * page's 90 daily bars and its uptime are computed from these counts, never typed in.
 */
export const statusDays = pgTable(
  'status_days',
  {
    component: text('component').notNull(),
    /** The UTC day. */
    day: date('day', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    /** The catalog location a panel node serves, for nodes; else null. */
    location: text('location'),
    up: integer('up').notNull().default(0),
    degraded: integer('degraded').notNull().default(0),
    down: integer('down').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.component, t.day] }), index('status_days_day_idx').on(t.day)],
);

/** The latest check of each component: its state now, and what the check saw. */
export const statusLatest = pgTable('status_latest', {
  component: text('component').primaryKey(),
  label: text('label').notNull(),
  location: text('location'),
  state: text('state').$type<StatusComponentState>().notNull(),
  detail: text('detail'),
  checkedAt: at('checked_at').notNull(),
});

/** An incident or a maintenance notice staff post (features/status). */
export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').$type<StatusIncidentKind>().notNull(),
    title: text('title').notNull(),
    state: text('state').$type<StatusIncidentState>().notNull(),
    components: jsonb('components').$type<string[]>().notNull(),
    locations: jsonb('locations').$type<string[]>().notNull(),
    /** Maintenance only: when it is planned to start and end. */
    startsAt: at('starts_at'),
    endsAt: at('ends_at'),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: at('resolved_at'),
    /** How many customers were emailed when it was posted. */
    notified: integer('notified').notNull().default(0),
  },
  (t) => [index('status_incidents_created_idx').on(t.createdAt)],
);

/** Each message of an incident, the first one included, with the state it set. */
export const statusIncidentUpdates = pgTable(
  'status_incident_updates',
  {
    id: uuid('id').primaryKey(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => statusIncidents.id, { onDelete: 'cascade' }),
    state: text('state').$type<StatusIncidentState>().notNull(),
    message: text('message').notNull(),
    createdAt: at('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('status_incident_updates_incident_idx').on(t.incidentId, t.createdAt)],
);
