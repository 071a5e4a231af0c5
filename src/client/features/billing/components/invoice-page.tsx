import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../../../shared/money';
import type { InvoiceDetail } from '../../../../shared/schemas/billing';
import { ButtonLink } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { ApiError } from '../../../lib/api-client';
import { invoicePdfUrl } from '../api/document-pdf';
import { useInvoice } from '../api/get-invoice';
import { TaxRows } from '../../../components/billing/tax-rows';
import { BillingStatusBadge } from './billing-status-badge';
import { DocumentParties } from './document-parties';
import { DownloadPdfLink } from './download-pdf-link';
import { formatDate } from './format';
import { currentLocale, useT } from '../../../lib/i18n';

function Lines({ invoice }: { invoice: InvoiceDetail }) {
  const t = useT();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('invoice.lines')}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">{t('doc.description')}</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t('doc.qty')}</th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">{t('doc.unitPrice')}</th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">{t('doc.amount')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {invoice.lines.filter((line) => line.kind !== 'coupon').map((line, i) => (
            <tr key={`${line.description}-${i}`}>
              <td className="py-3 pr-3">{line.description}</td>
              <td className="px-3 py-3 text-right tabular-nums">{line.quantity}</td>
              <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{formatMoney(line.unitCents, invoice.currency, currentLocale())}</td>
              <td className="py-3 pl-3 text-right tabular-nums">{formatMoney(line.amountCents, invoice.currency, currentLocale())}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="ml-auto mt-4 max-w-xs space-y-2 border-t border-line pt-4 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{t('doc.subtotal')}</dt>
          <dd className="tabular-nums">{formatMoney(invoice.subtotalCents, invoice.currency, currentLocale())}</dd>
        </div>
        {invoice.discountCents > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">{t('doc.periodDiscount')}</dt>
            <dd className="tabular-nums">−{formatMoney(invoice.discountCents, invoice.currency, currentLocale())}</dd>
          </div>
        )}
        {/* The coupon comes off after the billing-period discount, as the total was computed. */}
        {invoice.lines
          .filter((line) => line.kind === 'coupon')
          .map((line) => (
            <div key={line.description} className="flex justify-between gap-4" data-testid="invoice-coupon">
              <dt className="text-muted">{line.description}</dt>
              <dd className="tabular-nums">−{formatMoney(-line.amountCents, invoice.currency, currentLocale())}</dd>
            </div>
          ))}
        <TaxRows tax={invoice.tax} currency={invoice.currency} />
        <div className="flex justify-between gap-4 border-t border-line pt-2 text-base font-bold">
          <dt>{t('doc.total')}</dt>
          <dd className="tabular-nums" data-testid="invoice-total">
            {formatMoney(invoice.tax.grossCents, invoice.currency, currentLocale())}
          </dd>
        </div>
      </dl>
      {invoice.tax.note && (
        <p className="mt-4 rounded-lg border border-line p-3 text-sm" data-testid="invoice-tax-note">
          {invoice.tax.note}
        </p>
      )}
    </div>
  );
}

/** The refunds made against this invoice, each as its own credit note (the invoice is never edited). */
function CreditNotes({ invoice }: { invoice: InvoiceDetail }) {
  const t = useT();
  if (invoice.creditNotes.length === 0) return null;
  const refunded = invoice.creditNotes.reduce((sum, note) => sum + note.amountCents, 0);
  return (
    <section aria-labelledby="invoice-credit-notes" className="border-t border-line pt-6">
      <h2 id="invoice-credit-notes" className="text-xs font-semibold uppercase tracking-wide text-muted">
        {t('invoice.creditNotes')}
      </h2>
      <ul className="mt-2 divide-y divide-line text-sm" aria-label={t('invoice.creditNotesLabel')}>
        {invoice.creditNotes.map((note) => (
          <li key={note.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
            <span>
              <Link to={`/dashboard/billing/credit-notes/${note.id}`} className="font-medium text-accent hover:underline">
                {note.number}
              </Link>{' '}
              <span className="text-muted">· {formatDate(note.issuedAt)}</span>
            </span>
            <span className="tabular-nums">−{formatMoney(note.amountCents, invoice.currency, currentLocale())}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm">
        {t('invoice.refundedSoFar', { refunded: formatMoney(refunded, invoice.currency, currentLocale()), total: formatMoney(invoice.tax.grossCents, invoice.currency, currentLocale()) })}
      </p>
    </section>
  );
}

/** /dashboard/billing/invoices/:id: a printable invoice; 'Download PDF' saves the server's PDF of it (the same content). */
export default function InvoicePage() {
  const { id = '' } = useParams();
  const t = useT();
  const { data: invoice, error } = useInvoice(id);

  const back = (
    <ButtonLink to="/dashboard/billing?tab=history" variant="ghost" size="sm" className="print:hidden">
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      {t('doc.billingHistory')}
    </ButtonLink>
  );
  if (error) {
    return (
      <div>
        {back}
        <Card className="mt-4 text-center">
          <h1 className="text-xl font-bold">{t('invoice.notFound')}</h1>
          <p className="mt-1 text-sm text-muted">
            {error instanceof ApiError && error.status === 404
              ? t('invoice.notFoundText')
              : t('invoice.loadFailed')}
          </p>
        </Card>
      </div>
    );
  }
  if (!invoice) return <PageSpinner label={t('invoice.loading')} />;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 print:hidden">
        {back}
        <DownloadPdfLink href={invoicePdfUrl(invoice.id)} look="button" />
      </div>
      <article className="invoice-print space-y-8 rounded-2xl border border-line bg-surface p-5 sm:p-8" aria-labelledby="invoice-title">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-accent">{t('invoice.eyebrow')}</p>
            <h1 id="invoice-title" className="mt-1 text-2xl font-extrabold sm:text-3xl">
              {invoice.number}
            </h1>
            <p className="mt-1 text-sm text-muted">{invoice.description}</p>
          </div>
          <div className="text-sm sm:text-right">
            <BillingStatusBadge status={invoice.status} />
            <dl className="mt-3 space-y-1">
              <div className="flex gap-2 sm:justify-end">
                <dt className="text-muted">{t('doc.date')}</dt>
                <dd>{formatDate(invoice.date)}</dd>
              </div>
              <div className="flex gap-2 sm:justify-end">
                <dt className="text-muted">{t('invoice.paidWith')}</dt>
                <dd>{invoice.method}</dd>
              </div>
              {invoice.refundedAt && (
                <div className="flex gap-2 sm:justify-end">
                  <dt className="text-muted">{t('invoice.refunded')}</dt>
                  <dd>{formatDate(invoice.refundedAt)}</dd>
                </div>
              )}
            </dl>
          </div>
        </div>
        <DocumentParties seller={invoice.seller} customer={invoice.customer} buyerHeading={t('invoice.billedTo')} />
        <Lines invoice={invoice} />
        <CreditNotes invoice={invoice} />
        <p className="text-xs text-muted">
          {t('invoice.footer', { currency: invoice.currency.toUpperCase(), email: invoice.seller.email })}
        </p>
      </article>
    </div>
  );
}
