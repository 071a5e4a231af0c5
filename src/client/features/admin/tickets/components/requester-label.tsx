import type { StaffTicketSummary } from '../../../../../shared/schemas/support';
import { Badge } from '../../../../components/ui/badge';

/** Who opened the ticket; guest tickets (the public contact form) are marked, with their email. */
export function RequesterLabel({ requester }: { requester: StaffTicketSummary['requester'] }) {
  return (
    <span className="inline-flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
      {requester.kind === 'guest' && <Badge tone="grey">Guest</Badge>}
      {requester.name !== requester.email && <span className="font-medium text-ink">{requester.name}</span>}
      <span className="break-all text-muted">{requester.email}</span>
    </span>
  );
}
