import { Search } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { categoryLabel, TicketPriorityBadge, TicketStatusBadge } from '../../../../components/tickets/ticket-badges';
import { TicketFilters } from '../../../../components/tickets/ticket-filters';
import { TicketTime } from '../../../../components/tickets/ticket-time';
import { useTicketFilterParams } from '../../../../components/tickets/use-ticket-filters';
import { Card } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/field';
import { PageSpinner } from '../../../../components/ui/page-spinner';
import { useStaffTickets } from '../api/get-staff-tickets';
import { Badge } from '../../../../components/ui/badge';
import { RequesterLabel } from './requester-label';

/** /admin/tickets: every ticket, guest tickets included, most recently updated first. */
export function TicketsQueuePage() {
  const { filters, search, setSearch, setFilters } = useTicketFilterParams();
  const { data: tickets, isError, isFetching } = useStaffTickets(filters);
  const searchId = useId();

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-extrabold sm:text-3xl">Support tickets</h1>
        <p className="mt-1 text-muted">Customer and guest tickets, most recently updated first.</p>
      </div>
      <div className="space-y-3">
        <div className="relative" role="search">
          <label htmlFor={searchId} className="sr-only">
            Search tickets
          </label>
          <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            placeholder="Search subject, messages or #reference..."
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <TicketFilters status={filters.status ?? ''} priority={filters.priority ?? ''} onChange={setFilters} />
      </div>

      <div aria-live="polite" aria-busy={isFetching}>
        {isError && <p className="text-danger">We could not load the queue. Please refresh the page.</p>}
        {!tickets && !isError && <PageSpinner label="Loading tickets..." />}
        {tickets && tickets.length === 0 && (
          <Card className="text-center">
            <h2 className="text-lg font-bold">No tickets here</h2>
            <p className="mt-1 text-sm text-muted">Nothing matches these filters.</p>
          </Card>
        )}
        {tickets && tickets.length > 0 && (
          <ul className="space-y-3" aria-label="Tickets">
            {tickets.map((t) => (
              <li key={t.id}>
                <Link
                  to={`/admin/tickets/${t.id}`}
                  className="block rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="break-words font-semibold text-ink">{t.subject}</p>
                      <p className="mt-1 text-xs text-muted">
                        #{t.reference} · {categoryLabel(t.category)} · {t.responses} {t.responses === 1 ? 'response' : 'responses'} · Updated{' '}
                        <TicketTime iso={t.updatedAt} />
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {t.prioritySupport && <Badge tone="violet">Priority support</Badge>}
                      <TicketStatusBadge status={t.status} />
                      <TicketPriorityBadge priority={t.priority} />
                    </div>
                  </div>
                  <p className="mt-2 text-sm">
                    <RequesterLabel requester={t.requester} />
                  </p>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
