import { isLocale } from '../../../shared/i18n/locales';
import type { SessionUser } from '../../../shared/schemas/auth';
import {
  ticketReference,
  type StaffTicketDetail,
  type StaffTicketSummary,
  type TicketFilters,
  type TicketStatus,
} from '../../../shared/schemas/support';
import { sendCustomerStaffReply, sendGuestStaffReply } from './support.emails';
import { addMessage, findNotificationTarget, guestLocaleOf, listTickets, updateTicketStatus, type TicketListRow } from './support.repository';
import { getBrand } from '../brand';
import {
  link,
  loadTicket,
  personName,
  publishTicketChange,
  toDetail,
  toSummary,
  type SupportDeps,
} from './support.service';

function requester(row: TicketListRow): StaffTicketSummary['requester'] {
  if (!row.userId) return { kind: 'guest', name: row.guestName ?? 'Guest', email: row.guestEmail ?? '' };
  return {
    kind: 'customer',
    name: personName({ firstName: row.ownerFirstName, lastName: row.ownerLastName, email: row.ownerEmail }),
    email: row.ownerEmail ?? '',
  };
}

/** How staff sign their replies: their name, else the team's under the shop's name as saved now. */
async function staffName(deps: SupportDeps, staff: SessionUser): Promise<string> {
  return `${staff.firstName} ${staff.lastName}`.trim() || `${(await getBrand(deps.db)).name} Support`;
}

export async function listAllTickets(deps: SupportDeps, filters: TicketFilters): Promise<StaffTicketSummary[]> {
  const rows = await listTickets(deps.db, { filters, priorityAt: deps.clock.now() });
  return rows.map((row) => ({ ...toSummary(row), requester: requester(row), prioritySupport: row.prioritySupport }));
}

export async function getTicketForStaff(deps: SupportDeps, id: string): Promise<StaffTicketDetail> {
  const row = await loadTicket(deps, id);
  return { ...(await toDetail(deps, row)), requester: requester(row) };
}

/**
 * A staff reply puts the ticket in pending (waiting on the customer) and tells the customer by
 * email, if their email notifications are on; a guest always gets the reply by email, since
 * that is the only way they can read it.
 */
export async function replyAsStaff(deps: SupportDeps, staff: SessionUser, id: string, body: string): Promise<StaffTicketDetail> {
  const ticket = await loadTicket(deps, id);
  const now = deps.clock.now();
  const name = await staffName(deps, staff);
  await addMessage(
    deps.db,
    ticket.id,
    { id: deps.ids.uuid(), kind: 'staff', authorName: name, body, at: now },
    { status: 'pending', pendingSince: now, lastStaffReplyAt: now },
  );
  const facts = { reference: ticketReference(ticket.id), subject: ticket.subject, body, staffName: name };
  if (ticket.userId) {
    const target = await findNotificationTarget(deps.db, ticket.userId);
    if (target?.notifications.email) {
      try {
        await sendCustomerStaffReply(deps, ticket.userId, { ...facts, url: link(deps, `/dashboard/support/${ticket.id}`) });
      } catch (error) {
        deps.log?.error({ err: error, ticket: ticket.id }, 'ticket email failed');
      }
    }
  } else if (ticket.guestEmail) {
    try {
      const locale = await guestLocaleOf(deps.db, ticket.id);
      await sendGuestStaffReply(deps, ticket.guestEmail, { ...facts, supportEmail: deps.supportEmail, ...(isLocale(locale) ? { locale } : {}) });
    } catch (error) {
      deps.log?.error({ err: error, ticket: ticket.id }, 'ticket email failed');
    }
  }
  publishTicketChange(deps, ticket.userId, ticket.id);
  return getTicketForStaff(deps, ticket.id);
}

export async function setTicketStatus(deps: SupportDeps, id: string, status: TicketStatus): Promise<StaffTicketDetail> {
  const ticket = await loadTicket(deps, id);
  if (ticket.status !== status) {
    await updateTicketStatus(deps.db, ticket.id, status, deps.clock.now());
    publishTicketChange(deps, ticket.userId, ticket.id);
  }
  return getTicketForStaff(deps, ticket.id);
}
