import type { AdminInvoiceStatus, AdminOrderStatus } from '../../../../../shared/schemas/admin/orders';
import { Badge } from '../../../../components/ui/badge';
import { invoiceStatusLabels, orderStatusLabels } from './format';

type Status = AdminOrderStatus | AdminInvoiceStatus;

/** The billing colours the customer side uses: paid green, pending yellow, failed red; refunds violet then grey. */
const tones = {
  paid: 'green',
  pending: 'yellow',
  failed: 'red',
  partially_refunded: 'violet',
  refunded: 'grey',
  expired: 'grey',
} as const satisfies Record<Status, string>;

const labels: Record<Status, string> = { ...orderStatusLabels, ...invoiceStatusLabels };

export function MoneyStatusBadge({ status }: { status: Status }) {
  return (
    <Badge tone={tones[status]} data-status={status}>
      <span className="sr-only">Status: </span>
      {labels[status]}
    </Badge>
  );
}
