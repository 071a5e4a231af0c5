import { Badge } from '../ui/badge';

const statusTones = { open: 'green', pending: 'yellow', resolved: 'violet' } as const;
const statusLabels: Record<string, string> = { open: 'Open', pending: 'Pending', resolved: 'Resolved' };

function titleCase(value: string) {
  return value ? value[0]!.toUpperCase() + value.slice(1) : value;
}

/** Open green, pending yellow, resolved violet; anything else grey (spec section 4). */
export function TicketStatusBadge({ status }: { status: string }) {
  const tone = statusTones[status as keyof typeof statusTones] ?? 'grey';
  return (
    <Badge tone={tone} data-status={status}>
      <span className="sr-only">Status: </span>
      {statusLabels[status] ?? titleCase(status)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  return (
    <Badge tone={priority === 'high' ? 'red' : 'grey'} data-priority={priority}>
      {titleCase(priority)} priority
    </Badge>
  );
}

export function categoryLabel(category: string) {
  return titleCase(category);
}
