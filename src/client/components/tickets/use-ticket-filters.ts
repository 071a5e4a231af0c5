import { ticketPriorities, ticketStatuses, type TicketFilters } from '../../../shared/schemas/support';
import { useUrlFilters } from '../../lib/use-url-filters';

function pick<T extends string>(value: string | undefined, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

const keys = ['q', 'status', 'priority'] as const;

/**
 * Search text and status/priority filters kept in the URL (?q=&status=&priority=), so a filtered
 * list survives a reload and can be shared; a status or priority the list does not know is ignored.
 */
export function useTicketFilterParams(delayMs = 300) {
  const { params, patch, search, setSearch } = useUrlFilters(keys, { delayMs });
  const filters: TicketFilters = {
    q: params.q,
    status: pick(params.status, ticketStatuses),
    priority: pick(params.priority, ticketPriorities),
  };
  return {
    filters,
    search,
    setSearch,
    setFilters: (next: { status: string; priority: string }) => patch(next),
    active: Boolean(filters.q || filters.status || filters.priority),
  };
}

/** `?q=&status=&priority=` for the ticket list endpoints, leaving out what is not set. */
export function ticketQueryString(filters: TicketFilters): string {
  const params = new URLSearchParams();
  if (filters.q?.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.priority) params.set('priority', filters.priority);
  const query = params.toString();
  return query ? `?${query}` : '';
}
