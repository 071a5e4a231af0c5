import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { servers } from './servers';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** running → succeeded, or rolling_back → rolled_back (the old software back, online), or failed (the rollback itself failed: staff). */
export const softwareSwitchStatuses = ['running', 'rolling_back', 'succeeded', 'rolled_back', 'failed'] as const;
export type SoftwareSwitchStatus = (typeof softwareSwitchStatuses)[number];
export const openSoftwareSwitchStatuses = ['running', 'rolling_back'] as const satisfies readonly SoftwareSwitchStatus[];

/**
 * The step a switch is at; each is done by the durable job before it moves on, so a job that
 * stopped anywhere resumes at the step it had reached. Forward: backup → backing_up → reinstall →
 * installing → check → start → starting. Rollback: reinstall_old → installing_old → restore →
 * restoring → start_old → starting_old.
 */
export const softwareSwitchSteps = [
  'backup',
  'backing_up',
  'reinstall',
  'installing',
  'check',
  'start',
  'starting',
  'reinstall_old',
  'installing_old',
  'restore',
  'restoring',
  'start_old',
  'starting_old',
  'done',
] as const;
export type SoftwareSwitchStep = (typeof softwareSwitchSteps)[number];

/** A change of a Minecraft server's software or version (docs/decisions/028-software-switching.md). */
export const softwareSwitches = pgTable(
  'software_switches',
  {
    id: uuid('id').primaryKey(),
    serverId: uuid('server_id')
      .notNull()
      .references(() => servers.id, { onDelete: 'cascade' }),
    /** Who asked: the owner, or a subuser with the settings permission. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<SoftwareSwitchStatus>().notNull(),
    step: text('step').$type<SoftwareSwitchStep>().notNull(),
    /** null: the game's default install (before any switch). */
    fromSoftware: text('from_software'),
    fromVersion: text('from_version'),
    toSoftware: text('to_software').notNull(),
    toVersion: text('to_version').notNull(),
    /** The panel backup taken first, restored on failure. */
    backupId: text('backup_id'),
    /** The server's top-level files and folders when the backup was taken: all must be there after the reinstall. */
    keptNames: jsonb('kept_names').$type<string[]>(),
    /** Set before the reinstall is asked for: from then on a rollback reinstalls the old software. */
    reinstallAskedAt: at('reinstall_asked_at'),
    /** When the current step began (waits time out from it). */
    stepStartedAt: at('step_started_at').notNull(),
    /** Why it was rolled back or failed, in the customer's words; `error` is the panel's, for staff. */
    reason: text('reason'),
    error: text('error'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    uniqueIndex('software_switches_open_idx').on(t.serverId).where(sql`${t.status} in ('running', 'rolling_back')`),
    index('software_switches_server_idx').on(t.serverId, t.createdAt),
    check('software_switches_status_check', sql`${t.status} in ('running','rolling_back','succeeded','rolled_back','failed')`),
  ],
);

export type SoftwareSwitchRow = typeof softwareSwitches.$inferSelect;

