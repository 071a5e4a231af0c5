import { setupI18n, type Messages } from '@lingui/core';
import type { Locale } from '../../../shared/i18n/locales';

/**
 * Every word the PDF invoice and credit note print, with its message key. The wording is the HTML
 * pages' (client/features/billing/components/invoice-page.tsx, credit-note-page.tsx,
 * document-parties.tsx). The message files (namespace `dashboard`, where the billing pages'
 * messages live) hold each key in every shipped language, and staff may reword them; a key missing
 * there prints this English text, so a PDF never shows a raw key.
 */
export const documentMessages = {
  'billing.invoice.title': 'Invoice',
  'billing.invoice.date': 'Date:',
  'billing.invoice.paidWith': 'Paid with:',
  'billing.invoice.refunded': 'Refunded:',
  'billing.invoice.billedTo': 'Billed to',
  'billing.invoice.description': 'Description',
  'billing.invoice.qty': 'Qty',
  'billing.invoice.unitPrice': 'Unit price',
  'billing.invoice.amount': 'Amount',
  'billing.invoice.subtotal': 'Subtotal',
  'billing.invoice.periodDiscount': 'Billing period discount',
  'billing.invoice.total': 'Total',
  'billing.invoice.creditNotes': 'Credit notes',
  'billing.invoice.refundedSoFar': 'Refunded so far: {refunded} of {total}',
  'billing.invoice.footer': 'Amounts in {currency}. Questions about this invoice? Write to {email}.',
  'billing.status.paid': 'Paid',
  'billing.status.failed': 'Failed',
  'billing.status.pending': 'Pending',
  'billing.status.refunded': 'Refunded',
  'billing.document.from': 'From',
  'billing.document.taxId': 'Tax ID: {taxId}',
  'billing.document.vatId': 'VAT ID: {vatId}',
  'billing.document.vatIdUnverified': 'VAT ID: {vatId} (not verified)',
  'billing.document.vatCheckedByHand': 'Verified by hand on {date}',
  'billing.document.vatCheckedVies': 'Verified with VIES on {date}',
  'billing.document.vatCheckedViesNumber': 'Verified with VIES on {date}, consultation number {consultation}',
  'billing.document.net': 'Net',
  'billing.document.page': 'Page {page} of {pages}',
  'billing.creditNote.title': 'Credit note',
  'billing.creditNote.date': 'Date:',
  'billing.creditNote.invoice': 'Invoice:',
  'billing.creditNote.invoiceOf': '{number} of {date}',
  'billing.creditNote.refundedTo': 'Refunded to:',
  'billing.creditNote.creditedTo': 'Credited to',
  'billing.creditNote.refundOf': 'Refund: {description}',
  'billing.creditNote.reason': 'Reason: {reason}',
  'billing.creditNote.invoiceTotal': 'Invoice total',
  'billing.creditNote.credited': 'Credited',
  'billing.creditNote.methodCard': 'Back to the card you paid with',
  'billing.creditNote.methodCredit': 'Added to your account credit',
  'billing.creditNote.footerCard': 'Amounts in {currency}. A refund to your card reaches it in {days, plural, one {{range} business day} other {{range} business days}}.',
  'billing.creditNote.footerCredit': 'Amounts in {currency}. The amount was added to your account credit when this note was issued.',
  'billing.creditNote.footerInvoice': 'The invoice {number} is unchanged; this note corrects it.',
  'billing.creditNote.footerQuestions': 'Questions? Write to {email}.',
} as const;

export type DocumentMessageKey = keyof typeof documentMessages;
export type DocumentT = (key: DocumentMessageKey, values?: Record<string, string | number>) => string;

function interpolate(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The document's words in `locale`: the compiled messages of that language where they have the
 * key, else the English above. `messages` are what I18nService.messages(locale, 'dashboard') gives.
 */
export function documentT(locale: Locale, messages: Messages = {}): DocumentT {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  return (key, values) => {
    if (key in messages) return i18n._(key, values);
    return interpolate(documentMessages[key], values);
  };
}
