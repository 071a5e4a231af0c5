import type { Messages } from '@lingui/core';
import type { CreditNoteDetail, InvoiceDetail } from '../../../shared/schemas/billing';
import { accountLocale, chooseLocale, isLocale, type Locale } from '../../../shared/i18n/locales';
import { notFound } from '../../lib/errors';
import { getBrand, getBrandLogo } from '../brand';
import type { BillingDeps } from './billing-deps';
import { isUuid } from './billing-deps';
import { accountLanguage, documentOwner } from './billing.repository';
import { creditNoteDetail, invoiceDetail } from './billing.service';
import { renderCreditNotePdf, renderInvoicePdf, type PdfContext } from './invoice-pdf';
import { documentT } from './invoice-pdf.text';
import { wordingIn } from './wording';

/** The messages a document is worded with, and the shop's default language (features/i18n's service). */
export interface DocumentLanguages {
  messages(locale: Locale, namespace: 'dashboard' | 'public'): Promise<Messages>;
  current(): Promise<{ defaultLocale: Locale }>;
}

export interface PdfDeps extends BillingDeps {
  /** Absent (tests of billing alone): English, the shop's default taken as English. */
  i18n?: DocumentLanguages;
}

export interface PdfFile {
  filename: string;
  body: Buffer;
}

/** What the browser asked in, for a customer's own download: the same choice as the page they read. */
export interface RequestLanguage {
  cookie?: string;
  acceptLanguage?: string;
}

/** "invoice-INV-001042.pdf": the number as issued, kept to characters every file system takes. */
export function pdfFilename(kind: 'invoice' | 'credit-note', number: string): string {
  return `${kind}-${number.replace(/[^A-Za-z0-9._-]+/g, '-')}.pdf`;
}

async function defaultLocale(deps: PdfDeps): Promise<Locale> {
  return deps.i18n ? (await deps.i18n.current()).defaultLocale : 'en';
}

/**
 * The customer's language for a document made without a request (staff's download, the order
 * email): the account's preference, else the language they last signed in with, else the shop's
 * default (as the email's, decision 078).
 */
export async function customerLocale(deps: PdfDeps, userId: string): Promise<Locale> {
  return accountLocale(await accountLanguage(deps.db, userId)) ?? defaultLocale(deps);
}

/**
 * The language of the customer's own download: the account's choice, the picker's cookie, the
 * browser's, the one they last signed in with, the shop's.
 */
export async function documentLocale(deps: PdfDeps, userId: string, request: RequestLanguage): Promise<Locale> {
  const { preferred, last } = await accountLanguage(deps.db, userId);
  return chooseLocale({
    account: isLocale(preferred) ? preferred : undefined,
    cookie: request.cookie,
    acceptLanguage: request.acceptLanguage,
    fallback: isLocale(last) ? last : await defaultLocale(deps),
  });
}

/** PDFKit draws PNG and JPEG; an uploaded WebP logo (decision 055 allows it) is left out, the name stays. */
const drawable = new Set(['image/png', 'image/jpeg']);

async function contextFor(deps: PdfDeps, locale: Locale): Promise<PdfContext> {
  const [brand, logo, messages] = await Promise.all([getBrand(deps.db), getBrandLogo(deps.db), deps.i18n?.messages(locale, 'dashboard')]);
  return {
    brand: brand.name,
    ...(logo && drawable.has(logo.contentType) ? { logo: logo.bytes } : {}),
    locale,
    t: documentT(locale, messages),
  };
}

/** The PDF of an invoice the caller has read (the order email reads it for its own text too). */
export async function invoiceFile(deps: PdfDeps, invoice: InvoiceDetail, locale: Locale): Promise<PdfFile> {
  return { filename: pdfFilename('invoice', invoice.number), body: await renderInvoicePdf(invoice, await contextFor(deps, locale)) };
}

async function invoicePdfIn(deps: PdfDeps, userId: string, invoiceId: string, locale: Locale): Promise<PdfFile> {
  return invoiceFile(deps, await invoiceDetail(deps, userId, invoiceId, await wordingIn(deps.i18n, locale)), locale);
}

/** The PDF of a credit note the caller has read (the refund email reads it for its own text too). */
export async function creditNoteFile(deps: PdfDeps, note: CreditNoteDetail, locale: Locale): Promise<PdfFile> {
  return { filename: pdfFilename('credit-note', note.number), body: await renderCreditNotePdf(note, await contextFor(deps, locale)) };
}

async function creditNotePdfIn(deps: PdfDeps, userId: string, creditNoteId: string, locale: Locale): Promise<PdfFile> {
  return creditNoteFile(deps, await creditNoteDetail(deps, userId, creditNoteId, await wordingIn(deps.i18n, locale)), locale);
}

/** A customer's own invoice as a PDF; another customer's answers 404, as the page does. */
export async function invoicePdf(deps: PdfDeps, userId: string, invoiceId: string, request: RequestLanguage = {}): Promise<PdfFile> {
  return invoicePdfIn(deps, userId, invoiceId, await documentLocale(deps, userId, request));
}

export async function creditNotePdf(deps: PdfDeps, userId: string, creditNoteId: string, request: RequestLanguage = {}): Promise<PdfFile> {
  return creditNotePdfIn(deps, userId, creditNoteId, await documentLocale(deps, userId, request));
}

/** Staff's copy of any customer's document: the one the customer gets, in the customer's language. */
export async function staffDocumentPdf(deps: PdfDeps, kind: 'invoice' | 'credit_note', id: string): Promise<PdfFile> {
  const owner = isUuid(id) ? await documentOwner(deps.db, kind, id) : undefined;
  if (!owner) throw notFound(kind === 'invoice' ? 'That invoice was not found.' : 'That credit note was not found.');
  const locale = await customerLocale(deps, owner);
  return kind === 'invoice' ? invoicePdfIn(deps, owner, id, locale) : creditNotePdfIn(deps, owner, id, locale);
}
