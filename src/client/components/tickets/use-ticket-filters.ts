import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ticketPriorities, ticketStatuses, type TicketFilters } from '../../../shared/schemas/support';

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.includes(value as T) ? (value as T) : undefined;
}

/**
 * Search text and status/priority filters kept in the URL (?q=&status=&priority=), so a filtered
 * list survives a reload and can be shared. Typing is debounced before it becomes a query.
 */
export function useTicketFilterParams(delayMs = 300) {
  const [params, setParams] = useSearchParams();
  const filters: TicketFilters = {
    q: params.get('q') ?? undefined,
    status: pick(params.get('status'), ticketStatuses),
    priority: pick(params.get('priority'), ticketPriorities),
  };
  const [search, setSearch] = useState(filters.q ?? '');

  function patch(changes: Record<string, string>) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }

  const committed = filters.q ?? '';
  useEffect(() => {
    if (search.trim() === committed) return;
    const timer = setTimeout(() => patch({ q: search.trim() }), delayMs);
    return () => clearTimeout(timer);
    // patch only touches the URL; re-running on its identity would restart the timer every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, committed, delayMs]);

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
