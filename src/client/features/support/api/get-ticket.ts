import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketDetail } from '../../../../shared/schemas/support';
import { api, ApiError } from '../../../lib/api-client';
import { ticketsQueryKey } from './get-tickets';

export function ticketQueryKey(id: string) {
  return [...ticketsQueryKey, 'detail', id] as const;
}

export function getTicket(id: string, signal?: AbortSignal) {
  return api<TicketDetail>(`/tickets/${encodeURIComponent(id)}`, { signal });
}

export function ticketQueryOptions(id: string) {
  return queryOptions({
    queryKey: ticketQueryKey(id),
    queryFn: ({ signal }) => getTicket(id, signal),
    // A missing ticket stays missing; do not ask twice.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
