import type { MailMessage } from '../../integrations/mail/mailer';
import { renderEmail, type EmailBrand } from '../../integrations/mail/template';
import type { Locale } from '../../../shared/i18n/locales';
import { sendTemplate, sendTemplateToAddress, type EmailSendDeps } from '../emails';

type Email = Omit<MailMessage, 'to'>;

/** A subject line from user text: one line, no control characters, not too long. */
function oneLine(value: string, max = 120): string {
  const flat = value.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** A message body as paragraphs: blank lines separate them, single line breaks are kept in the text. */
function bodyParagraphs(body: string): string[] {
  return body
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export interface TicketMailFacts {
  reference: string;
  subject: string;
  body: string;
}

export function staffNewTicketEmail(
  brand: EmailBrand,
  t: TicketMailFacts & { category: string; priority: string; requester: string; guest: boolean; url: string },
): Email {
  return {
    subject: `[#${t.reference}] New ${t.guest ? 'contact form message' : 'ticket'}: ${oneLine(t.subject)}`,
    ...renderEmail({
      brand,
      heading: t.guest ? 'New message from the contact form' : 'New support ticket',
      paragraphs: [
        `${t.requester} opened ticket #${t.reference}: "${oneLine(t.subject, 200)}" (${t.category}, ${t.priority} priority).`,
        ...bodyParagraphs(t.body),
      ],
      action: { label: 'Open the ticket', url: t.url },
      note: t.guest ? 'This is a guest ticket: your reply is sent to them by email.' : undefined,
    }),
  };
}

export function staffCustomerReplyEmail(brand: EmailBrand, t: TicketMailFacts & { requester: string; reopened: boolean; url: string }): Email {
  return {
    subject: `[#${t.reference}] Customer reply: ${oneLine(t.subject)}`,
    ...renderEmail({
      brand,
      heading: t.reopened ? 'A resolved ticket was reopened' : 'New reply from a customer',
      paragraphs: [`${t.requester} replied to ticket #${t.reference}: "${oneLine(t.subject, 200)}".`, ...bodyParagraphs(t.body)],
      action: { label: 'Open the ticket', url: t.url },
    }),
  };
}

/** The customer's copy of a staff reply, in their language (decision 061). */
export async function sendCustomerStaffReply(deps: EmailSendDeps, userId: string, t: TicketMailFacts & { staffName: string; url: string }): Promise<void> {
  await sendTemplate(deps, {
    userId,
    template: 'ticketReply',
    values: () => ({ reference: t.reference, subject: oneLine(t.subject, 200), staffName: t.staffName, message: bodyParagraphs(t.body).join('\n\n') }),
    actionUrl: t.url,
  });
}

/**
 * A guest has no account: the acknowledgement and staff's replies go out in the language of the
 * page they wrote from (stored with the ticket), else the shop's default.
 */
export async function sendGuestStaffReply(deps: EmailSendDeps, to: string, t: TicketMailFacts & { staffName: string; supportEmail: string; locale?: Locale }): Promise<void> {
  await sendTemplateToAddress(deps, {
    to,
    template: 'guestTicketReply',
    ...(t.locale ? { locale: t.locale } : {}),
    values: () => ({
      reference: t.reference,
      subject: oneLine(t.subject, 200),
      staffName: t.staffName,
      message: bodyParagraphs(t.body).join('\n\n'),
      supportEmail: t.supportEmail,
    }),
  });
}

export async function sendContactAcknowledgement(deps: EmailSendDeps, to: string, t: { name: string; reference: string; subject: string; locale?: Locale }): Promise<void> {
  await sendTemplateToAddress(deps, {
    to,
    template: 'contactReceived',
    ...(t.locale ? { locale: t.locale } : {}),
    values: () => ({ name: oneLine(t.name, 100), reference: t.reference, subject: oneLine(t.subject, 200) }),
  });
}
