import type { BillingStatus } from '../../../../shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';

/** The spec's billing colours: paid green, failed red, pending yellow, scheduled violet; refunded grey. */
const tones = { paid: 'green', failed: 'red', pending: 'yellow', scheduled: 'violet', refunded: 'grey' } as const;
const labels: Record<BillingStatus, string> = {
  paid: 'Paid',
  failed: 'Failed',
  pending: 'Pending',
  scheduled: 'Scheduled',
  refunded: 'Refunded',
};

export function BillingStatusBadge({ status }: { status: BillingStatus }) {
  return (
    <Badge tone={tones[status]} data-status={status}>
      <span className="sr-only">Status: </span>
      {labels[status]}
    </Badge>
  );
}
