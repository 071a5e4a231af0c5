import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketFilters, TicketSummary } from '../../../../shared/schemas/support';
import { ticketQueryString } from '../../../components/tickets/use-ticket-filters';
import { api } from '../../../lib/api-client';

/** Every ticket query starts with 'tickets', so one invalidation (and the live events) refreshes them all. */
export const ticketsQueryKey = ['tickets'] as const;

export function getTickets(filters: TicketFilters, signal?: AbortSignal) {
  return api<TicketSummary[]>(`/tickets${ticketQueryString(filters)}`, { signal });
}

export function ticketsQueryOptions(filters: TicketFilters) {
  return queryOptions({
    queryKey: [...ticketsQueryKey, 'list', filters],
    queryFn: ({ signal }) => getTickets(filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTickets(filters: TicketFilters) {
  return useQuery(ticketsQueryOptions(filters));
}
