import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { TicketSummary } from '../../../../shared/schemas/support';
import { categoryLabel, TicketPriorityBadge, TicketStatusBadge } from '../../../components/tickets/ticket-badges';
import { TicketTime } from '../../../components/tickets/ticket-time';
import { useT } from '../../../lib/i18n';

export function TicketList({ tickets }: { tickets: TicketSummary[] }) {
  const t = useT();
  return (
    <ul className="space-y-3" aria-label={t('support.list.label')}>
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            to={`/dashboard/support/${ticket.id}`}
            className="block rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:p-5"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-semibold text-ink">{ticket.subject}</p>
                <p className="mt-1 text-xs text-muted">
                  #{ticket.reference} · {categoryLabel(ticket.category)} · {t('support.list.updated')} <TicketTime iso={ticket.updatedAt} />
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <TicketStatusBadge status={ticket.status} />
                <TicketPriorityBadge priority={ticket.priority} />
              </div>
            </div>
            <p className="mt-3 flex items-center gap-1.5 text-xs text-muted">
              <MessageSquare className="h-3.5 w-3.5" aria-hidden="true" />
              {t('support.list.responses', { count: ticket.responses })} · {t('support.list.created')} <TicketTime iso={ticket.createdAt} />
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
