import { FileText, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { formatIn } from '../../../lib/money';
import type { BillingHistoryEntry } from '../../../../shared/schemas/billing';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import type { DashboardKey } from '../../../../shared/i18n/keys';
import { translate, useT } from '../../../lib/i18n';
import { creditNotePdfUrl, invoicePdfUrl } from '../api/document-pdf';
import { useInvoices } from '../api/get-invoices';
import { BillingStatusBadge } from './billing-status-badge';
import { DownloadPdfLink } from './download-pdf-link';
import { formatDate } from './format';

/** The server names a payment method in English; the ones that are words, not a card's number, in the page's language. */
const methodKeys: Record<string, DashboardKey> = {
  'Account credit': 'billing.method.credit',
  'Default payment method': 'billing.method.default',
  Card: 'billing.method.card',
  'Card (Stripe)': 'billing.method.stripe',
};
const methodText = (method: string) => (methodKeys[method] ? translate(methodKeys[method]) : method);

/** Money back to the customer reads "−$14.00"; a charge reads "$14.00"; each in its own currency. */
function amount(entry: BillingHistoryEntry) {
  return entry.amountCents < 0 ? `−${formatIn(-entry.amountCents, entry.currency)}` : formatIn(entry.amountCents, entry.currency);
}

/** A charge links to its invoice; a refund to its credit note, which links on to the invoice. Each with its PDF. */
function InvoiceLink({ entry }: { entry: BillingHistoryEntry }) {
  const pdf = entry.creditNoteId ? creditNotePdfUrl(entry.creditNoteId) : entry.invoiceId ? invoicePdfUrl(entry.invoiceId) : null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-4 gap-y-1">
      <ViewLink entry={entry} />
      {pdf && <DownloadPdfLink href={pdf} of={entry.description} />}
    </span>
  );
}

function ViewLink({ entry }: { entry: BillingHistoryEntry }) {
  const t = useT();
  if (entry.creditNoteId) {
    return (
      <Link
        to={`/dashboard/billing/credit-notes/${entry.creditNoteId}`}
        className="inline-flex items-center gap-1.5 font-medium text-accent hover:underline"
      >
        <ReceiptText className="h-4 w-4" aria-hidden="true" />
        {t('billing.history.viewCreditNote')} <span className="sr-only">{t('billing.forService', { service: entry.description })}</span>
      </Link>
    );
  }
  if (!entry.invoiceId) return <span className="text-muted">—</span>;
  return (
    <Link
      to={`/dashboard/billing/invoices/${entry.invoiceId}`}
      className="inline-flex items-center gap-1.5 font-medium text-accent hover:underline"
    >
      <FileText className="h-4 w-4" aria-hidden="true" />
      {t('billing.history.viewInvoice')} <span className="sr-only">{t('billing.forService', { service: entry.description })}</span>
    </Link>
  );
}

function HistoryTable({ entries }: { entries: BillingHistoryEntry[] }) {
  const t = useT();
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-line md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('billing.history.caption')}</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">{t('billing.history.date')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('billing.history.description')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('billing.history.method')}</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">{t('billing.history.amount')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('billing.history.status')}</th>
            <th scope="col" className="px-4 py-3 font-semibold">{t('billing.history.document')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {entries.map((e) => (
            <tr key={e.id} className="bg-surface">
              <td className="whitespace-nowrap px-4 py-3 text-muted">{formatDate(e.date)}</td>
              <td className="px-4 py-3 font-medium">{e.description}</td>
              <td className="whitespace-nowrap px-4 py-3 text-muted">{methodText(e.method)}</td>
              <td className="whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums">{amount(e)}</td>
              <td className="px-4 py-3">
                <BillingStatusBadge status={e.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <InvoiceLink entry={e} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** On phones each entry is a card instead of a table row. */
function HistoryCards({ entries }: { entries: BillingHistoryEntry[] }) {
  const t = useT();
  return (
    <ul className="space-y-3 md:hidden" aria-label={t('billing.history.label')}>
      {entries.map((e) => (
        <li key={e.id} className="rounded-2xl border border-line bg-surface p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 break-words font-semibold">{e.description}</p>
            <p className="shrink-0 font-semibold tabular-nums">{amount(e)}</p>
          </div>
          <p className="mt-1 text-sm text-muted">
            {formatDate(e.date)} · {methodText(e.method)}
          </p>
          <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
            <BillingStatusBadge status={e.status} />
            <InvoiceLink entry={e} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The Billing History tab: every charge, refund, credit and scheduled renewal, each charge with its invoice. */
export function BillingHistoryTab() {
  const t = useT();
  const { data: entries, isError } = useInvoices();
  if (isError) return <p className="text-danger">{t('billing.history.loadFailed')}</p>;
  if (!entries) return <PageSpinner label={t('billing.history.loading')} />;
  if (entries.length === 0) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-bold">{t('billing.history.emptyTitle')}</h2>
        <p className="mt-1 text-sm text-muted">{t('billing.history.emptyText')}</p>
      </Card>
    );
  }
  return (
    <section aria-label={t('billing.history.label')}>
      <HistoryTable entries={entries} />
      <HistoryCards entries={entries} />
    </section>
  );
}
