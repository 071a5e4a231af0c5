import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  defaultNotifications,
  defaultPreferences,
  type NotificationSettings,
  type Preferences,
} from '../../../shared/schemas/account';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** Accounts. The email is stored lower-cased, so the unique index is case-insensitive in effect. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull().unique('users_email_unique'),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: at('email_verified_at'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role').$type<'customer' | 'support' | 'billing' | 'admin'>().notNull().default('customer'),
    referralCode: text('referral_code').notNull().unique('users_referral_code_unique'),
    referredByUserId: uuid('referred_by_user_id').references((): AnyPgColumn => users.id, {
      onDelete: 'set null',
    }),
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last accepted TOTP time step, so a code cannot be replayed inside its window. */
    totpLastStep: integer('totp_last_step'),
    notifications: jsonb('notifications').$type<NotificationSettings>().notNull().default(defaultNotifications),
    preferences: jsonb('preferences').$type<Preferences>().notNull().default(defaultPreferences),
    /**
     * The language of the customer's last sign-up or sign-in (the picker's cookie, else the browser's):
     * mail sent without a request speaks it when the account has no preference (decision 078). Not a
     * preference: the settings page keeps showing "automatic".
     */
    lastLocale: text('last_locale'),
    /** Set by staff: the account cannot sign in or buy, and its servers are suspended on the panel. */
    suspendedAt: at('suspended_at'),
    suspendedReason: text('suspended_reason'),
    /** The account's one Stripe customer (cus_...), made before its first Stripe checkout and reused by every later one. */
    stripeCustomerId: text('stripe_customer_id').unique('users_stripe_customer_unique'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    check('users_role_check', sql`${t.role} in ('customer', 'support', 'billing', 'admin')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    index('users_referred_by_idx').on(t.referredByUserId),
    // Staff search: prefix matches that an index can answer at any collation.
    index('users_email_pattern_idx').on(t.email.op('text_pattern_ops')),
    index('users_name_pattern_idx').on(sql`lower(${t.firstName} || ' ' || ${t.lastName}) text_pattern_ops`),
    index('users_last_name_pattern_idx').on(sql`lower(${t.lastName}) text_pattern_ops`),
    index('users_referral_pattern_idx').on(t.referralCode.op('text_pattern_ops')),
    index('users_created_idx').on(t.createdAt, t.id),
    // The staff console's "suspended" filter: a few rows out of many, counted and paged by date.
    index('users_suspended_created_idx').on(t.createdAt, t.id).where(sql`${t.suspendedAt} is not null`),
    index('users_role_idx').on(t.role),
  ],
);

/**
 * Sign-in sessions. Only a sha256 of the cookie token is stored. On rotation the old hash moves
 * to previous_token_hash and stays valid until previous_valid_until, so parallel requests that
 * still carry the old cookie are not signed out.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    previousTokenHash: text('previous_token_hash'),
    previousValidUntil: at('previous_valid_until'),
    createdAt: at('created_at').notNull(),
    rotatedAt: at('rotated_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /**
     * When this session presented a second factor: a code at sign-in, or the code that turned
     * two-factor on in it. Null for a password-only session; the staff console needs it set.
     */
    secondFactorAt: at('second_factor_at'),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_previous_token_hash_idx').on(t.previousTokenHash),
  ],
);

/** Single-use links sent by email: address verification, password reset, email change. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'verify' | 'reset' | 'email_change'>().notNull(),
    tokenHash: text('token_hash').notNull().unique('email_tokens_token_hash_unique'),
    newEmail: text('new_email'),
    /**
     * Verify links: a sha256 of the account's password hash when the link was issued. The link
     * verifies only that password, so a later sign-up's password cannot ride on an earlier link.
     */
    passwordFingerprint: text('password_fingerprint'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    check('email_tokens_kind_check', sql`${t.kind} in ('verify', 'reset', 'email_change')`),
    index('email_tokens_user_kind_idx').on(t.userId, t.kind),
  ],
);

/** Two-factor recovery codes, stored hashed; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/** A file sent with an email, kept base64-encoded so a retry sends exactly the same bytes. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  contentBase64: string;
}

/**
 * The outbox: every email the app sends, written before any delivery is tried (decision 057).
 * With SMTP a durable job delivers it and records each try; the built-in mailer's rows are
 * delivered by being stored, and /dev/mailbox reads them.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order, so emails sent in the same millisecond still list newest first. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    /** The account the address belonged to when it was sent, so staff find it after an email change. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
    /** queued (waiting for its first try), retrying (a try failed, another is due), sent, failed (gave up). */
    status: text('status', { enum: ['queued', 'retrying', 'sent', 'failed'] }).notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    /** The email this one re-sends, when staff pressed Resend. */
    resendOf: uuid('resend_of'),
    /** Set on a notice that must go once (a reminder per period, a card per month): a second store is ignored. */
    dedupeKey: text('dedupe_key'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('outbox_emails_created_idx').on(t.createdAt, t.seq),
    uniqueIndex('outbox_emails_dedupe_idx').on(t.dedupeKey),
    index('outbox_emails_to_idx').on(t.to),
    index('outbox_emails_user_idx').on(t.userId, t.createdAt),
    check('outbox_emails_status_check', sql`${t.status} in ('queued', 'retrying', 'sent', 'failed')`),
  ],
);
