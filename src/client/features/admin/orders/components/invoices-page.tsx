import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { adminInvoiceStatuses, type AdminInvoiceSummary } from '../../../../../shared/schemas/admin/orders';
import { useUrlFilters } from '../../../../lib/use-url-filters';
import { adminInvoicePdfUrl } from '../api/document-pdf';
import { adminInvoicesExportUrl, useAdminInvoices } from '../api/get-admin-invoices';
import { isMoneyFiltered, moneyParamKeys } from '../api/money-params';
import { AmountCell, CustomerLink, GameName, WhenCell } from './cells';
import { invoiceStatusLabels, providerLabel } from './format';
import { MoneyFilters } from './money-filters';
import { MoneyStatusBadge } from './money-status-badge';
import { PdfLink } from './pdf-link';
import { MoneyList, type MoneyTableFeatures } from './money-table';
import { TaxReportCard } from './tax-report-card';

const column = createColumnHelper<MoneyTableFeatures, AdminInvoiceSummary>();
const columns = column.columns([
  column.accessor('number', {
    header: 'Invoice',
    meta: { rowHeader: true },
    cell: ({ row }) => {
      const invoice = row.original;
      return (
        <>
          <span className="whitespace-nowrap font-mono">{invoice.number}</span>
          <span className="mt-0.5 block text-xs font-normal text-muted">{invoice.description}</span>
          <PdfLink href={adminInvoicePdfUrl(invoice.id)} of={invoice.number} />
        </>
      );
    },
  }),
  column.accessor('customer', { header: 'Customer', cell: ({ getValue }) => <CustomerLink customer={getValue()} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <MoneyStatusBadge status={getValue()} /> }),
  column.accessor('game', { header: 'Game', cell: ({ getValue }) => <GameName game={getValue()} /> }),
  column.accessor('provider', { header: 'Provider', cell: ({ getValue }) => providerLabel(getValue()) }),
  column.accessor('totalCents', {
    header: 'Total',
    meta: { align: 'right' },
    cell: ({ row }) => <AmountCell totalCents={row.original.totalCents} refundedCents={row.original.refundedCents} currency={row.original.currency} />,
  }),
  column.accessor('issuedAt', { header: 'Issued', cell: ({ getValue }) => <WhenCell iso={getValue()} /> }),
  column.accessor('orderId', {
    header: 'Order',
    cell: ({ row }) =>
      row.original.orderId ? (
        <Link to={`/admin/orders/${row.original.orderId}`} className="whitespace-nowrap font-medium text-accent hover:underline">
          Open order <span className="sr-only">for {row.original.number}</span>
        </Link>
      ) : (
        <span className="text-muted">No order yet</span>
      ),
  }),
]);

const statuses = adminInvoiceStatuses.map((value) => ({ value, label: invoiceStatusLabels[value] }));

/** /admin/invoices: every invoice issued, filtered on the server; refunds are made from the order. */
export default function InvoicesPage() {
  const { params, patch } = useUrlFilters(moneyParamKeys);
  const { data, isError, isFetching } = useAdminInvoices(params);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Invoices</h1>
        <p className="mt-1 text-muted">Every invoice issued, newest first. An invoice is never edited: refunds issue credit notes against it.</p>
      </div>
      <TaxReportCard />
      <MoneyFilters
        noun="invoices"
        searchPlaceholder="Invoice number, order id or email..."
        statuses={statuses}
        params={params}
        patch={patch}
        exportUrl={adminInvoicesExportUrl(params)}
      />
      <MoneyList
        noun={['invoice', 'invoices']}
        caption="Invoices"
        columns={columns}
        minWidth="min-w-[940px]"
        data={data}
        isError={isError}
        isFetching={isFetching}
        filtered={isMoneyFiltered(params)}
        onPage={(page) => patch({ page: String(page) })}
        empty="Invoices appear here as soon as a payment is made."
      />
    </div>
  );
}
