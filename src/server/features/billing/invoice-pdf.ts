import { refundDaysValues } from '../../../shared/business-rules';
import type { Locale } from '../../../shared/i18n/locales';
import { formatMoney } from '../../../shared/money';
import type { CreditNoteDetail, DocumentCustomer, DocumentSeller, InvoiceDetail } from '../../../shared/schemas/billing';
import { taxLineLabel } from '../../../shared/tax';
import { createPdfPage, metaRow, muted, tableRow, totalRow, type PdfPage } from './invoice-pdf.layout';
import type { DocumentT } from './invoice-pdf.text';
import { isWellFormedVatId } from '../../../shared/vat-ids';

/*
 * The PDF of an invoice and of a credit note, drawn from the same detail the HTML pages show
 * (billing.service.ts invoiceDetail/creditNoteDetail), so the two never differ in content.
 */

export interface PdfContext {
  /** The shop's name now (Settings → Brand): the header and the document's author. */
  brand: string;
  /** The shop's logo now, when it is a PNG or JPEG (what PDFKit draws); a WebP logo leaves the name alone. */
  logo?: Buffer;
  locale: Locale;
  t: DocumentT;
}

function dateOf(iso: string, locale: Locale): string {
  return new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
}

function countryOf(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** The logo's box at the top left: wide logos get the width, square ones the height. */
const LOGO_BOX = { width: 180, height: 48 };

function header(page: PdfPage, ctx: PdfContext, kind: string, number: string, description: string) {
  if (ctx.logo && page.image(ctx.logo, LOGO_BOX)) page.gap(6);
  page.text(ctx.brand, { size: 16, bold: true });
  page.gap(14);
  page.text(kind.toUpperCase(), { size: 9, bold: true, color: muted });
  page.text(number, { size: 20, bold: true });
  if (description) page.text(description, { color: muted });
  page.gap(10);
}

function sellerLines(seller: DocumentSeller, ctx: PdfContext): string[] {
  return [
    ...seller.address.split('\n').filter((l) => l.trim()),
    ...(seller.country ? [countryOf(seller.country, ctx.locale)] : []),
    // An EU VAT ID is named so, as on the page (document-parties.tsx).
    ...(seller.taxId ? [isWellFormedVatId(seller.taxId) ? ctx.t('billing.document.vatId', { vatId: seller.taxId }) : ctx.t('billing.document.taxId', { taxId: seller.taxId })] : []),
    seller.email,
    seller.url,
  ];
}

function buyerLines(customer: DocumentCustomer, ctx: PdfContext): string[] {
  const place = [customer.postalCode, customer.region].filter(Boolean).join(' ');
  const lines = [...customer.address.split('\n').filter((l) => l.trim()), ...(place ? [place] : [])];
  if (customer.country) lines.push(countryOf(customer.country, ctx.locale));
  if (customer.vatId) {
    const verified = customer.vatIdStatus === 'verified';
    lines.push(ctx.t(verified ? 'billing.document.vatId' : 'billing.document.vatIdUnverified', { vatId: customer.vatId }));
    const check = customer.vatCheck;
    if (verified && check) {
      const date = dateOf(check.checkedAt, ctx.locale);
      if (check.by === 'staff') lines.push(ctx.t('billing.document.vatCheckedByHand', { date }));
      else if (check.consultation) lines.push(ctx.t('billing.document.vatCheckedViesNumber', { date, consultation: check.consultation }));
      else lines.push(ctx.t('billing.document.vatCheckedVies', { date }));
    }
  }
  if (customer.name !== customer.email) lines.push(customer.email);
  return lines;
}

/** The seller and the buyer side by side, as they were when the document was issued. */
function parties(page: PdfPage, ctx: PdfContext, seller: DocumentSeller, customer: DocumentCustomer, buyerHeading: string) {
  const half = page.width / 2;
  const columns = [{ width: half }, { width: half }];
  tableRow(page, columns, [ctx.t('billing.document.from').toUpperCase(), buyerHeading.toUpperCase()], { bold: true, size: 8, color: muted });
  tableRow(page, columns, [seller.name, customer.name], { bold: true });
  const left = sellerLines(seller, ctx);
  const right = buyerLines(customer, ctx);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    tableRow(page, columns, [left[i] ?? '', right[i] ?? ''], { size: 9, color: muted });
  }
  page.gap(14);
}

function note(page: PdfPage, text: string) {
  page.gap(8);
  page.text(text, { size: 9 });
}

export async function renderInvoicePdf(invoice: InvoiceDetail, ctx: PdfContext): Promise<Buffer> {
  const { t, locale } = ctx;
  const money = (minor: number) => formatMoney(minor, invoice.currency, locale);
  const page = createPdfPage({ title: `${t('billing.invoice.title')} ${invoice.number}`, author: ctx.brand, lang: locale });
  header(page, ctx, t('billing.invoice.title'), invoice.number, invoice.description);
  page.text(t(`billing.status.${invoice.status}`), { size: 9, bold: true });
  page.gap(6);
  metaRow(page, t('billing.invoice.date'), dateOf(invoice.date, locale));
  metaRow(page, t('billing.invoice.paidWith'), invoice.method);
  if (invoice.refundedAt) metaRow(page, t('billing.invoice.refunded'), dateOf(invoice.refundedAt, locale));
  page.gap(12);
  parties(page, ctx, invoice.seller, invoice.customer, t('billing.invoice.billedTo'));

  const w = page.width;
  const columns = [{ width: w * 0.52 }, { width: w * 0.1, align: 'right' as const }, { width: w * 0.19, align: 'right' as const }, { width: w * 0.19, align: 'right' as const }];
  tableRow(page, columns, [t('billing.invoice.description'), t('billing.invoice.qty'), t('billing.invoice.unitPrice'), t('billing.invoice.amount')].map((s) => s.toUpperCase()), { bold: true, size: 8, color: muted });
  page.line();
  for (const line of invoice.lines.filter((l) => l.kind !== 'coupon')) {
    tableRow(page, columns, [line.description, String(line.quantity), money(line.unitCents), money(line.amountCents)]);
  }
  page.line();
  totalRow(page, t('billing.invoice.subtotal'), money(invoice.subtotalCents));
  if (invoice.discountCents > 0) totalRow(page, t('billing.invoice.periodDiscount'), `−${money(invoice.discountCents)}`);
  for (const coupon of invoice.lines.filter((l) => l.kind === 'coupon')) totalRow(page, coupon.description, `−${money(-coupon.amountCents)}`);
  if (invoice.tax.lines.length > 0) {
    totalRow(page, t('billing.document.net'), money(invoice.tax.netCents));
    for (const line of invoice.tax.lines) totalRow(page, taxLineLabel(line, invoice.tax.reverseCharge), money(line.amountCents));
  }
  totalRow(page, t('billing.invoice.total'), money(invoice.tax.grossCents), { bold: true, size: 12 });
  if (invoice.tax.note) note(page, invoice.tax.note);

  if (invoice.creditNotes.length > 0) {
    page.gap(14);
    page.text(t('billing.invoice.creditNotes').toUpperCase(), { size: 8, bold: true, color: muted });
    const noteColumns = [{ width: w * 0.6 }, { width: w * 0.4, align: 'right' as const }];
    for (const cn of invoice.creditNotes) tableRow(page, noteColumns, [`${cn.number} · ${dateOf(cn.issuedAt, locale)}`, `−${money(cn.amountCents)}`]);
    const refunded = invoice.creditNotes.reduce((sum, cn) => sum + cn.amountCents, 0);
    page.text(t('billing.invoice.refundedSoFar', { refunded: money(refunded), total: money(invoice.tax.grossCents) }));
  }
  page.gap(18);
  page.text(t('billing.invoice.footer', { currency: invoice.currency.toUpperCase(), email: invoice.seller.email }), { size: 8, color: muted });
  return page.finish((n, of) => `${invoice.number} · ${t('billing.document.page', { page: n, pages: of })}`);
}

export async function renderCreditNotePdf(creditNote: CreditNoteDetail, ctx: PdfContext): Promise<Buffer> {
  const { t, locale } = ctx;
  const money = (minor: number) => formatMoney(minor, creditNote.currency, locale);
  const page = createPdfPage({ title: `${t('billing.creditNote.title')} ${creditNote.number}`, author: ctx.brand, lang: locale });
  header(page, ctx, t('billing.creditNote.title'), creditNote.number, creditNote.description);
  metaRow(page, t('billing.creditNote.date'), dateOf(creditNote.date, locale));
  if (creditNote.invoice) {
    metaRow(page, t('billing.creditNote.invoice'), t('billing.creditNote.invoiceOf', { number: creditNote.invoice.number, date: dateOf(creditNote.invoice.date, locale) }));
  }
  metaRow(page, t('billing.creditNote.refundedTo'), t(creditNote.method === 'card' ? 'billing.creditNote.methodCard' : 'billing.creditNote.methodCredit'));
  page.gap(12);
  parties(page, ctx, creditNote.seller, creditNote.customer, t('billing.creditNote.creditedTo'));

  const w = page.width;
  const columns = [{ width: w * 0.75 }, { width: w * 0.25, align: 'right' as const }];
  tableRow(page, columns, [t('billing.invoice.description').toUpperCase(), t('billing.invoice.amount').toUpperCase()], { bold: true, size: 8, color: muted });
  page.line();
  tableRow(page, columns, [t('billing.creditNote.refundOf', { description: creditNote.description }), `−${money(creditNote.amountCents)}`]);
  tableRow(page, columns, [t('billing.creditNote.reason', { reason: creditNote.reason }), ''], { size: 8, color: muted });
  page.line();
  if (creditNote.invoice) totalRow(page, t('billing.creditNote.invoiceTotal'), money(creditNote.invoice.totalCents));
  if (creditNote.taxLines.length > 0) {
    totalRow(page, t('billing.document.net'), money(creditNote.netCents));
    for (const line of creditNote.taxLines) totalRow(page, taxLineLabel(line, creditNote.reverseCharge), money(line.amountCents));
  }
  totalRow(page, t('billing.creditNote.credited'), money(creditNote.amountCents), { bold: true, size: 12 });
  if (creditNote.note) note(page, creditNote.note);
  page.gap(18);
  const currency = creditNote.currency.toUpperCase();
  const footer = [
    t(creditNote.method === 'card' ? 'billing.creditNote.footerCard' : 'billing.creditNote.footerCredit', { currency, ...refundDaysValues(creditNote) }),
    ...(creditNote.invoice ? [t('billing.creditNote.footerInvoice', { number: creditNote.invoice.number })] : []),
    t('billing.creditNote.footerQuestions', { email: creditNote.seller.email }),
  ].join(' ');
  page.text(footer, { size: 8, color: muted });
  return page.finish((n, of) => `${creditNote.number} · ${t('billing.document.page', { page: n, pages: of })}`);
}
