import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../../shared/permissions';
import { sessions, users } from './auth';

const at = (name: string) => timestamp(name, { withTimezone: true });

/**
 * What staff did, one row per action, written in the same transaction as the change. Append-only:
 * a trigger (migration 0010) refuses UPDATE, DELETE and TRUNCATE. The actor is copied, not linked,
 * so removing a staff account never touches its history. `seq` orders rows for keyset pagination.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    actorRole: text('actor_role').notNull(),
    /** e.g. 'customer.credit_adjusted', 'order.refunded', 'staff.invited'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** What a person reads for the target: an email, an invoice number, a server name. */
    targetLabel: text('target_label'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    ip: text('ip'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('audit_log_seq_idx').on(t.seq),
    index('audit_log_actor_idx').on(t.actorId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_target_idx').on(t.targetId, t.seq),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** An emailed invitation to join the staff; the person sets a password from the link. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique('staff_invitations_token_hash_unique'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    check('staff_invitations_role_check', sql`${t.role} in ('support', 'billing', 'admin')`),
    index('staff_invitations_email_idx').on(t.email),
  ],
);

/**
 * A staff member looking at a customer's dashboard, read-only. Tied to the staff session, so
 * signing out ends it; the cookie holds a token whose sha256 is stored here.
 */
export const viewAsSessions = pgTable(
  'view_as_sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique('view_as_sessions_token_hash_unique'),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    staffSessionId: uuid('staff_session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [index('view_as_sessions_staff_idx').on(t.staffId)],
);

/** Settings of the simulated game panel that staff can change at run time (e.g. make installs fail). */
export const simPanelSettings = pgTable('sim_panel_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: at('updated_at').notNull(),
});
