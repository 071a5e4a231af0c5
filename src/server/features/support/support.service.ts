import type { SessionUser } from '../../../shared/schemas/auth';
import {
  ticketReference,
  type ContactInput,
  type NewTicket,
  type TicketDetail,
  type TicketFilters,
  type TicketMessage,
  type TicketSummary,
} from '../../../shared/schemas/support';
import type { Db } from '../../db/client';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';
import { logActivity, said } from '../../lib/activity';
import { badRequest, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import type { Locale } from '../../../shared/i18n/locales';
import { sendContactAcknowledgement, staffCustomerReplyEmail, staffNewTicketEmail } from './support.emails';
import {
  addMessage,
  findOwnServer,
  findServerName,
  findTicket,
  insertTicket,
  listMessages,
  listTickets,
  updateTicketStatus,
  type TicketListRow,
} from './support.repository';
import { getBrand } from '../brand';

export interface SupportDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  brand: string;
  publicUrl: string;
  /** Staff are told about new tickets and customer replies at this address. */
  supportEmail: string;
  events?: EventBus;
  log?: { error(details: object, message: string): void };
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ticketNotFound = () => notFound('Ticket not found');

export function link(deps: Pick<SupportDeps, 'publicUrl'>, path: string): string {
  return `${deps.publicUrl.replace(/\/+$/, '')}${path}`;
}

export function personName(p: { firstName?: string | null; lastName?: string | null; email?: string | null }): string {
  return `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email || 'Customer';
}

/**
 * Emails are sent after the change is saved. A mail failure is logged, not thrown: the ticket
 * or reply exists, and failing the request would only make the customer send it twice.
 */
export async function sendQuietly(deps: SupportDeps, message: MailMessage) {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.log?.error({ err: error, to: message.to, subject: message.subject }, 'ticket email failed');
  }
}

export function publishTicketChange(deps: SupportDeps, userId: string | null, ticketId: string) {
  if (userId) deps.events?.publish(userId, { topic: 'tickets', id: ticketId });
}

export function toSummary(row: TicketListRow): TicketSummary {
  return {
    id: row.id,
    reference: ticketReference(row.id),
    subject: row.subject,
    category: row.category,
    priority: row.priority,
    status: row.status,
    serverId: row.serverId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    responses: row.responses,
  };
}

export async function toDetail(deps: SupportDeps, row: TicketListRow): Promise<TicketDetail> {
  const [messages, server] = await Promise.all([
    listMessages(deps.db, row.id),
    row.serverId ? findServerName(deps.db, row.serverId) : undefined,
  ]);
  return {
    ...toSummary(row),
    server: server ?? null,
    messages: messages.map((m) => ({
      id: m.id,
      authorKind: m.authorKind as TicketMessage['authorKind'],
      authorName: m.authorName,
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/** The ticket if it exists and (with `userId`) belongs to that customer; else 404, never 403. */
export async function loadTicket(deps: SupportDeps, id: string, userId?: string): Promise<TicketListRow> {
  const row = uuidShape.test(id) ? await findTicket(deps.db, id, userId) : undefined;
  if (!row) throw ticketNotFound();
  return row;
}

export async function listOwnTickets(deps: SupportDeps, userId: string, filters: TicketFilters): Promise<TicketSummary[]> {
  const rows = await listTickets(deps.db, { userId, filters });
  return rows.map(toSummary);
}

export async function getOwnTicket(deps: SupportDeps, userId: string, id: string): Promise<TicketDetail> {
  return toDetail(deps, await loadTicket(deps, id, userId));
}

export async function createTicket(deps: SupportDeps, user: SessionUser, input: NewTicket): Promise<TicketDetail> {
  if (input.serverId && !(await findOwnServer(deps.db, user.id, input.serverId))) {
    throw badRequest('Choose one of your servers', { serverId: 'Choose one of your servers' });
  }
  const id = deps.ids.uuid();
  const reference = ticketReference(id);
  const requester = personName(user);
  await insertTicket(deps.db, {
    id,
    userId: user.id,
    subject: input.subject,
    category: input.category,
    priority: input.priority,
    source: 'dashboard',
    serverId: input.serverId ?? null,
    at: deps.clock.now(),
    message: { id: deps.ids.uuid(), kind: 'customer', authorName: requester, body: input.description },
  });
  await logActivity(deps, { userId: user.id, kind: 'ticket', text: said('activity.ticket.created', { reference }), subjectId: id });
  await sendQuietly(deps, {
    to: deps.supportEmail,
    ...staffNewTicketEmail(await getBrand(deps.db), {
      reference,
      subject: input.subject,
      body: input.description,
      category: input.category,
      priority: input.priority,
      requester: `${requester} <${user.email}>`,
      guest: false,
      url: link(deps, `/admin/tickets/${id}`),
    }),
  });
  publishTicketChange(deps, user.id, id);
  return getOwnTicket(deps, user.id, id);
}

/** A customer reply: any status becomes open again, so a resolved ticket is reopened. */
export async function replyAsCustomer(deps: SupportDeps, user: SessionUser, id: string, body: string): Promise<TicketDetail> {
  const ticket = await loadTicket(deps, id, user.id);
  const now = deps.clock.now();
  const requester = personName(user);
  await addMessage(
    deps.db,
    ticket.id,
    { id: deps.ids.uuid(), kind: 'customer', authorName: requester, body, at: now },
    { status: 'open', pendingSince: null, lastCustomerReplyAt: now },
  );
  const reference = ticketReference(ticket.id);
  if (ticket.status === 'resolved') {
    await logActivity(deps, { userId: user.id, kind: 'ticket', text: said('activity.ticket.reopened', { reference }), subjectId: ticket.id });
  }
  await sendQuietly(deps, {
    to: deps.supportEmail,
    ...staffCustomerReplyEmail(await getBrand(deps.db), {
      reference,
      subject: ticket.subject,
      body,
      requester: `${requester} <${user.email}>`,
      reopened: ticket.status === 'resolved',
      url: link(deps, `/admin/tickets/${ticket.id}`),
    }),
  });
  publishTicketChange(deps, user.id, ticket.id);
  return getOwnTicket(deps, user.id, ticket.id);
}

export async function resolveOwnTicket(deps: SupportDeps, user: SessionUser, id: string): Promise<TicketDetail> {
  const ticket = await loadTicket(deps, id, user.id);
  if (ticket.status !== 'resolved') {
    await updateTicketStatus(deps.db, ticket.id, 'resolved', deps.clock.now());
    const reference = ticketReference(ticket.id);
    await logActivity(deps, { userId: user.id, kind: 'ticket', text: said('activity.ticket.resolved', { reference }), subjectId: ticket.id });
    publishTicketChange(deps, user.id, ticket.id);
  }
  return getOwnTicket(deps, user.id, ticket.id);
}

/** Stores a public contact message as a guest ticket that staff see in their queue. */
export async function submitContact(deps: SupportDeps, input: ContactInput, locale?: Locale) {
  const id = deps.ids.uuid();
  const reference = ticketReference(id);
  const email = input.email.toLowerCase();
  await insertTicket(deps.db, {
    id,
    userId: null,
    guestName: input.name,
    guestEmail: email,
    guestLocale: locale ?? null,
    subject: input.subject,
    category: 'general',
    priority: 'medium',
    source: 'contact',
    at: deps.clock.now(),
    message: { id: deps.ids.uuid(), kind: 'guest', authorName: input.name, body: input.message },
  });
  try {
    await sendContactAcknowledgement(deps, email, { name: input.name, reference, subject: input.subject, ...(locale ? { locale } : {}) });
  } catch (error) {
    deps.log?.error({ err: error, to: email }, 'ticket email failed');
  }
  await sendQuietly(deps, {
    to: deps.supportEmail,
    ...staffNewTicketEmail(await getBrand(deps.db), {
      reference,
      subject: input.subject,
      body: input.message,
      category: 'general',
      priority: 'medium',
      requester: `${input.name} <${email}> (guest)`,
      guest: true,
      url: link(deps, `/admin/tickets/${id}`),
    }),
  });
  return { id, reference };
}
