import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffTicketDetail } from '../../../../../shared/schemas/support';
import { api, ApiError } from '../../../../lib/api-client';
import { staffTicketsQueryKey } from './get-staff-tickets';

export function staffTicketQueryKey(id: string) {
  return [...staffTicketsQueryKey, 'detail', id] as const;
}

export function getStaffTicket(id: string, signal?: AbortSignal) {
  return api<StaffTicketDetail>(`/admin/tickets/${encodeURIComponent(id)}`, { signal });
}

export function staffTicketQueryOptions(id: string) {
  return queryOptions({
    queryKey: staffTicketQueryKey(id),
    queryFn: ({ signal }) => getStaffTicket(id, signal),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useStaffTicket(id: string) {
  return useQuery(staffTicketQueryOptions(id));
}
