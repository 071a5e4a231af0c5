import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import type { TicketSummary } from '../../../../shared/schemas/support';
import { categoryLabel, TicketPriorityBadge, TicketStatusBadge } from '../../../components/tickets/ticket-badges';
import { TicketTime } from '../../../components/tickets/ticket-time';

export function TicketList({ tickets }: { tickets: TicketSummary[] }) {
  return (
    <ul className="space-y-3" aria-label="Your tickets">
      {tickets.map((t) => (
        <li key={t.id}>
          <Link
            to={`/dashboard/support/${t.id}`}
            className="block rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:p-5"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-semibold text-ink">{t.subject}</p>
                <p className="mt-1 text-xs text-muted">
                  #{t.reference} · {categoryLabel(t.category)} · Updated <TicketTime iso={t.updatedAt} />
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <TicketStatusBadge status={t.status} />
                <TicketPriorityBadge priority={t.priority} />
              </div>
            </div>
            <p className="mt-3 flex items-center gap-1.5 text-xs text-muted">
              <MessageSquare className="h-3.5 w-3.5" aria-hidden="true" />
              {t.responses} {t.responses === 1 ? 'response' : 'responses'} · Created <TicketTime iso={t.createdAt} />
            </p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
