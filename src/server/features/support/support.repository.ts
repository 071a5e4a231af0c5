import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { TicketFilters } from '../../../shared/schemas/support';
import type { Db } from '../../db/client';
import { servers, ticketMessages, tickets, users } from '../../db/schema';
import { prioritySupportOf } from '../delivery';

export type TicketRow = typeof tickets.$inferSelect;
export type MessageKind = 'customer' | 'staff' | 'guest';

/** A ticket with its owner (when it has one) and the number of staff replies. */
const listColumns = {
  id: tickets.id,
  userId: tickets.userId,
  guestName: tickets.guestName,
  guestEmail: tickets.guestEmail,
  subject: tickets.subject,
  category: tickets.category,
  priority: tickets.priority,
  status: tickets.status,
  serverId: tickets.serverId,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  responses: sql<number>`(select count(*) from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id} and ${ticketMessages.authorKind} = 'staff')::int`.mapWith(
    Number,
  ),
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
};

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Matches the subject, any message of the thread, or the start of the reference (`#ABCD1234`). */
function searchCondition(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  const reference = q.replace(/^#/, '').toLowerCase();
  return or(
    ilike(tickets.subject, pattern),
    sql`exists (select 1 from ${ticketMessages} where ${ticketMessages.ticketId} = ${tickets.id} and ${ticketMessages.body} ilike ${pattern})`,
    /^[0-9a-f-]{4,36}$/.test(reference) ? sql`${tickets.id}::text like ${`${escapeLike(reference)}%`}` : undefined,
  );
}

export const LIST_LIMIT = 200;

/**
 * Newest activity first. With `userId`, only that customer's tickets. With `priorityAt` (the staff
 * queue), tickets of customers with priority support at that time come first, flagged.
 */
export async function listTickets(db: Db, options: { userId?: string; filters: TicketFilters; priorityAt?: Date }) {
  const { q, status, priority } = options.filters;
  const prioritySupport = options.priorityAt ? prioritySupportOf(tickets.userId, options.priorityAt) : sql<boolean>`false`;
  return db
    .select({ ...listColumns, prioritySupport: sql<boolean>`${prioritySupport}`.mapWith(Boolean) })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(
      and(
        options.userId ? eq(tickets.userId, options.userId) : undefined,
        status ? eq(tickets.status, status) : undefined,
        priority ? eq(tickets.priority, priority) : undefined,
        q ? searchCondition(q) : undefined,
      ),
    )
    .orderBy(...(options.priorityAt ? [sql`${prioritySupport} desc`] : []), desc(tickets.updatedAt), desc(tickets.createdAt), desc(tickets.id))
    .limit(LIST_LIMIT);
}
export type TicketListRow = Omit<Awaited<ReturnType<typeof listTickets>>[number], 'prioritySupport'>;

/** The language a guest wrote in, when it was known. */
export async function guestLocaleOf(db: Db, ticketId: string): Promise<string | null> {
  const [row] = await db.select({ locale: tickets.guestLocale }).from(tickets).where(eq(tickets.id, ticketId)).limit(1);
  return row?.locale ?? null;
}

export async function findTicket(db: Db, id: string, userId?: string): Promise<TicketListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.id, id), userId ? eq(tickets.userId, userId) : undefined))
    .limit(1);
  return row;
}

export async function listMessages(db: Db, ticketId: string) {
  return db
    .select({
      id: ticketMessages.id,
      authorKind: ticketMessages.authorKind,
      authorName: ticketMessages.authorName,
      body: ticketMessages.body,
      createdAt: ticketMessages.createdAt,
    })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketId))
    .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.seq));
}

export async function findOwnServer(db: Db, userId: string, serverId: string) {
  const [row] = await db
    .select({ id: servers.id, name: servers.name })
    .from(servers)
    .where(and(eq(servers.id, serverId), eq(servers.userId, userId)))
    .limit(1);
  return row;
}

export async function findServerName(db: Db, serverId: string) {
  const [row] = await db.select({ id: servers.id, name: servers.name }).from(servers).where(eq(servers.id, serverId)).limit(1);
  return row;
}

export interface NewTicketRow {
  id: string;
  userId: string | null;
  guestName?: string;
  guestEmail?: string;
  guestLocale?: string | null;
  subject: string;
  category: string;
  priority: string;
  source: 'dashboard' | 'contact';
  serverId?: string | null;
  at: Date;
  message: { id: string; kind: MessageKind; authorName: string; body: string };
}

export async function insertTicket(db: Db, t: NewTicketRow) {
  await db.transaction(async (tx) => {
    await tx.insert(tickets).values({
      id: t.id,
      userId: t.userId,
      guestName: t.guestName ?? null,
      guestEmail: t.guestEmail ?? null,
      guestLocale: t.guestLocale ?? null,
      subject: t.subject,
      category: t.category,
      priority: t.priority,
      status: 'open',
      source: t.source,
      serverId: t.serverId ?? null,
      lastCustomerReplyAt: t.userId ? t.at : null,
      createdAt: t.at,
      updatedAt: t.at,
    });
    await tx.insert(ticketMessages).values({
      id: t.message.id,
      ticketId: t.id,
      authorKind: t.message.kind,
      authorName: t.message.authorName,
      body: t.message.body,
      createdAt: t.at,
    });
  });
}

/** Adds a message and updates the ticket in one transaction. */
export async function addMessage(
  db: Db,
  ticketId: string,
  message: { id: string; kind: MessageKind; authorName: string; body: string; at: Date },
  changes: Partial<Pick<TicketRow, 'status' | 'pendingSince' | 'lastCustomerReplyAt' | 'lastStaffReplyAt'>>,
) {
  await db.transaction(async (tx) => {
    await tx.insert(ticketMessages).values({
      id: message.id,
      ticketId,
      authorKind: message.kind,
      authorName: message.authorName,
      body: message.body,
      createdAt: message.at,
    });
    await tx
      .update(tickets)
      .set({ ...changes, updatedAt: message.at })
      .where(eq(tickets.id, ticketId));
  });
}

export async function updateTicketStatus(db: Db, ticketId: string, status: string, at: Date) {
  await db
    .update(tickets)
    .set({ status, updatedAt: at, pendingSince: status === 'pending' ? at : null })
    .where(eq(tickets.id, ticketId));
}

export async function findNotificationTarget(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, notifications: users.notifications })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
