import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { servers } from './servers';

/**
 * Support tickets. A ticket from the public contact form has no user and carries the
 * guest's name and email; staff answer it by email.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id'),
    guestName: text('guest_name'),
    guestEmail: text('guest_email'),
    /** The language of the page a guest wrote from: staff's reply is emailed in it (decision 069). */
    guestLocale: text('guest_locale'),
    subject: text('subject').notNull(),
    category: text('category').notNull(),
    priority: text('priority').notNull().default('medium'),
    status: text('status').notNull().default('open'),
    source: text('source').notNull().default('dashboard'),
    /** One of the customer's servers the ticket is about, if they named one. */
    serverId: uuid('server_id').references(() => servers.id, { onDelete: 'set null' }),
    /** When the ticket last became pending (waiting on the customer); the auto-resolve job reads it. */
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    lastCustomerReplyAt: timestamp('last_customer_reply_at', { withTimezone: true }),
    lastStaffReplyAt: timestamp('last_staff_reply_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tickets_user_idx').on(t.userId),
    index('tickets_status_idx').on(t.status),
    index('tickets_updated_idx').on(t.updatedAt),
  ],
);

export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: uuid('id').primaryKey(),
    /** Insertion order, so messages written in the same millisecond keep their order. */
    seq: integer('seq').generatedAlwaysAsIdentity(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorKind: text('author_kind').notNull(),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId)],
);
