import type { DashboardKey } from '../../../shared/i18n/keys';
import { translate, useT } from '../../lib/i18n';
import { Badge } from '../ui/badge';

const statusTones = { open: 'green', pending: 'yellow', resolved: 'violet' } as const;
const statusKeys: Record<string, DashboardKey> = { open: 'support.status.open', pending: 'support.status.pending', resolved: 'support.status.resolved' };
const priorityKeys: Record<string, DashboardKey> = { low: 'support.priority.low', medium: 'support.priority.medium', high: 'support.priority.high' };
const categoryKeys: Record<string, DashboardKey> = {
  technical: 'support.category.technical',
  billing: 'support.category.billing',
  general: 'support.category.general',
};

function titleCase(value: string) {
  return value ? value[0]!.toUpperCase() + value.slice(1) : value;
}

/** Open green, pending yellow, resolved violet; anything else grey (spec section 4). */
export function TicketStatusBadge({ status }: { status: string }) {
  const t = useT();
  const tone = statusTones[status as keyof typeof statusTones] ?? 'grey';
  const key = statusKeys[status];
  return (
    <Badge tone={tone} data-status={status}>
      <span className="sr-only">{t('support.status.label')} </span>
      {key ? t(key) : titleCase(status)}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: string }) {
  const t = useT();
  const key = priorityKeys[priority];
  return (
    <Badge tone={priority === 'high' ? 'red' : 'grey'} data-priority={priority}>
      {key ? t(key) : titleCase(priority)}
    </Badge>
  );
}

export function categoryLabel(category: string) {
  const key = categoryKeys[category];
  return key ? translate(key) : titleCase(category);
}
