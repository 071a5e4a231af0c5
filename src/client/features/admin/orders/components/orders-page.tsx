import { createColumnHelper } from '@tanstack/react-table';
import { Link } from 'react-router';
import { adminOrderStatuses, type AdminOrderSummary } from '../../../../../shared/schemas/admin/orders';
import { Badge } from '../../../../components/ui/badge';
import { useUrlFilters } from '../../../../lib/use-url-filters';
import { adminOrdersExportUrl, useAdminOrders } from '../api/get-admin-orders';
import { isMoneyFiltered, moneyParamKeys } from '../api/money-params';
import { AmountCell, CustomerLink, GameName, WhenCell } from './cells';
import { orderStatusLabels, providerLabel } from './format';
import { MoneyFilters } from './money-filters';
import { MoneyStatusBadge } from './money-status-badge';
import { MoneyList, type MoneyTableFeatures } from './money-table';

const column = createColumnHelper<MoneyTableFeatures, AdminOrderSummary>();
const columns = column.columns([
  column.accessor('planName', {
    header: 'Order',
    meta: { rowHeader: true },
    cell: ({ row }) => {
      const order = row.original;
      return (
        <>
          <Link to={`/admin/orders/${order.id}`} className="whitespace-nowrap text-ink underline-offset-2 hover:text-accent hover:underline">
            {order.planName}
          </Link>
          <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs font-normal text-muted">
            <span className="font-mono">{order.id.slice(0, 8)}</span>
            {order.renewal && <Badge tone="grey">Renewal</Badge>}
          </span>
        </>
      );
    },
  }),
  column.accessor('customer', { header: 'Customer', cell: ({ getValue }) => <CustomerLink customer={getValue()} /> }),
  column.accessor('status', { header: 'Status', cell: ({ getValue }) => <MoneyStatusBadge status={getValue()} /> }),
  column.accessor('game', { header: 'Game', cell: ({ getValue }) => <GameName game={getValue()} /> }),
  column.accessor('provider', { header: 'Provider', cell: ({ getValue }) => providerLabel(getValue()) }),
  column.accessor('invoice', {
    header: 'Invoice',
    cell: ({ getValue }) => <span className="whitespace-nowrap font-mono text-xs">{getValue()?.number ?? '—'}</span>,
  }),
  column.accessor('totalCents', {
    header: 'Total',
    meta: { align: 'right' },
    cell: ({ row }) => <AmountCell totalCents={row.original.totalCents} refundedCents={row.original.refundedCents} currency={row.original.currency} />,
  }),
  column.accessor('createdAt', { header: 'Placed', cell: ({ getValue }) => <WhenCell iso={getValue()} /> }),
]);

const statuses = adminOrderStatuses.map((value) => ({ value, label: orderStatusLabels[value] }));

/** /admin/orders: every order, filtered on the server, with the export of what the filters match. */
export default function OrdersPage() {
  const { params, patch } = useUrlFilters(moneyParamKeys);
  const { data, isError, isFetching } = useAdminOrders(params);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Orders</h1>
        <p className="mt-1 text-muted">Every order placed or renewed, newest first. Open one to see its payment and refund it.</p>
      </div>
      <MoneyFilters
        noun="orders"
        searchPlaceholder="Order id, email or invoice number..."
        statuses={statuses}
        params={params}
        patch={patch}
        exportUrl={adminOrdersExportUrl(params)}
      />
      <MoneyList
        noun={['order', 'orders']}
        caption="Orders"
        columns={columns}
        minWidth="min-w-[940px]"
        data={data}
        isError={isError}
        isFetching={isFetching}
        filtered={isMoneyFiltered(params)}
        onPage={(page) => patch({ page: String(page) })}
        empty="Orders appear here as soon as a customer checks out."
      />
    </div>
  );
}
