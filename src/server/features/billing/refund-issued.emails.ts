import { refundDaysValues } from '../../../shared/business-rules';
import type { Locale } from '../../../shared/i18n/locales';
import { formatMoney } from '../../../shared/money';
import type { Tx } from '../../db/client';
import { sendTemplate, storedEmailKeys, type EmailSendDeps } from '../emails';
import { creditNoteDetail } from './billing.service';
import { creditNoteFile, customerLocale, type PdfDeps } from './invoice-pdf.service';
import { wordingIn } from './wording';

export interface RefundEmailDeps extends PdfDeps, EmailSendDeps {}

/** One email per credit note: the send beside the refund and the job written with it share this key. */
export const refundEmailKey = (creditNoteId: string) => `refund-issued:${creditNoteId}`;

/**
 * Tells the customer about a refund: how much, what for, where it went (the card, with the refund
 * time stored on the note, decision 082; or account credit), with the credit note attached as a
 * PDF, in their language with the templates staff edit (decision 061). Sent once per credit note,
 * whatever the billing-email choice: it carries their credit note.
 */
export async function sendRefundIssued(deps: RefundEmailDeps, userId: string, creditNoteId: string): Promise<void> {
  const key = refundEmailKey(creditNoteId);
  if ((await storedEmailKeys(deps.db, [key])).has(key)) return;
  const note = await creditNoteDetail(deps, userId, creditNoteId, await wordingIn(deps.i18n, await customerLocale(deps, userId)));
  const common = {
    userId,
    actionPath: `/dashboard/billing/credit-notes/${note.id}`,
    dedupeKey: key,
    attachments: async (locale: Locale) => {
      const pdf = await creditNoteFile(deps, note, locale);
      return [{ filename: pdf.filename, contentType: 'application/pdf', content: pdf.body }];
    },
  };
  const told = (locale: Locale) => ({
    amount: formatMoney(note.amountCents, note.currency, locale),
    description: note.description,
    creditNote: note.number,
  });
  if (note.method === 'card') {
    const { days, range } = refundDaysValues(note);
    await sendTemplate(deps, { ...common, template: 'refundToCard', values: (locale) => ({ ...told(locale), days: String(days), range }) });
  } else {
    await sendTemplate(deps, { ...common, template: 'refundToCredit', values: told });
  }
}

/**
 * How a refund's email is owed (decision 086): a job written in the refund's own transaction, so a
 * refund booked is an email owed even if the process stops before the send beside it.
 */
export interface RefundNotices {
  /** Before the refund's transaction (the queue exists, so the insert inside needs nothing else). */
  prepare(): Promise<void>;
  /** In the refund's transaction. */
  record(tx: Tx, issued: { userId: string; creditNoteId: string }): Promise<void>;
  /** Beside the request, after the refund committed; the customer hears within seconds. */
  send(userId: string, creditNoteId: string): Promise<void>;
}
