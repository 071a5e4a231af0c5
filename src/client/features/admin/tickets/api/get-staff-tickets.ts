import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffTicketSummary, TicketFilters } from '../../../../../shared/schemas/support';
import { ticketQueryString } from '../../../../components/tickets/use-ticket-filters';
import { api } from '../../../../lib/api-client';

export const staffTicketsQueryKey = ['admin-tickets'] as const;

export function getStaffTickets(filters: TicketFilters, signal?: AbortSignal) {
  return api<StaffTicketSummary[]>(`/admin/tickets${ticketQueryString(filters)}`, { signal });
}

export function staffTicketsQueryOptions(filters: TicketFilters) {
  return queryOptions({
    queryKey: [...staffTicketsQueryKey, 'list', filters],
    queryFn: ({ signal }) => getStaffTickets(filters, signal),
    placeholderData: keepPreviousData,
    // The queue is shared by the whole team: keep it fresh while it is open.
    refetchInterval: 30_000,
  });
}

export function useStaffTickets(filters: TicketFilters) {
  return useQuery(staffTicketsQueryOptions(filters));
}
