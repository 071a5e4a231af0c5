import { FileText, ReceiptText } from 'lucide-react';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/money';
import type { BillingHistoryEntry } from '../../../../shared/schemas/billing';
import { Card } from '../../../components/ui/card';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useInvoices } from '../api/get-invoices';
import { BillingStatusBadge } from './billing-status-badge';
import { formatDate } from './format';

/** Money back to the customer reads "−$14.00"; a charge reads "$14.00". */
function amount(entry: BillingHistoryEntry) {
  return entry.amountCents < 0 ? `−${formatPrice(-entry.amountCents)}` : formatPrice(entry.amountCents);
}

/** A charge links to its invoice; a refund to its credit note, which links on to the invoice. */
function InvoiceLink({ entry }: { entry: BillingHistoryEntry }) {
  if (entry.creditNoteId) {
    return (
      <Link
        to={`/dashboard/billing/credit-notes/${entry.creditNoteId}`}
        className="inline-flex items-center gap-1.5 font-medium text-accent hover:underline"
      >
        <ReceiptText className="h-4 w-4" aria-hidden="true" />
        View credit note <span className="sr-only">for {entry.description}</span>
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
      View invoice <span className="sr-only">for {entry.description}</span>
    </Link>
  );
}

function HistoryTable({ entries }: { entries: BillingHistoryEntry[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-line md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Billing history, newest first</caption>
        <thead className="bg-surface-2 text-xs uppercase tracking-wide text-muted">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">Date</th>
            <th scope="col" className="px-4 py-3 font-semibold">Description</th>
            <th scope="col" className="px-4 py-3 font-semibold">Method</th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">Amount</th>
            <th scope="col" className="px-4 py-3 font-semibold">Status</th>
            <th scope="col" className="px-4 py-3 font-semibold">Document</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {entries.map((e) => (
            <tr key={e.id} className="bg-surface">
              <td className="whitespace-nowrap px-4 py-3 text-muted">{formatDate(e.date)}</td>
              <td className="px-4 py-3 font-medium">{e.description}</td>
              <td className="whitespace-nowrap px-4 py-3 text-muted">{e.method}</td>
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
  return (
    <ul className="space-y-3 md:hidden" aria-label="Billing history">
      {entries.map((e) => (
        <li key={e.id} className="rounded-2xl border border-line bg-surface p-4">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 break-words font-semibold">{e.description}</p>
            <p className="shrink-0 font-semibold tabular-nums">{amount(e)}</p>
          </div>
          <p className="mt-1 text-sm text-muted">
            {formatDate(e.date)} · {e.method}
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
  const { data: entries, isError } = useInvoices();
  if (isError) return <p className="text-danger">We could not load your billing history. Please refresh the page.</p>;
  if (!entries) return <PageSpinner label="Loading billing history..." />;
  if (entries.length === 0) {
    return (
      <Card className="text-center">
        <h2 className="text-lg font-bold">No billing history yet</h2>
        <p className="mt-1 text-sm text-muted">Your payments, refunds and credits will be listed here.</p>
      </Card>
    );
  }
  return (
    <section aria-label="Billing history">
      <HistoryTable entries={entries} />
      <HistoryCards entries={entries} />
    </section>
  );
}
