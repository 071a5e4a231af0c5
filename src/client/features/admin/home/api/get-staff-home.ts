import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffHome } from '../../../../../shared/schemas/admin/home';
import { api } from '../../../../lib/api-client';

export const staffHomeQueryKey = ['admin-home'] as const;

export function getStaffHome(signal?: AbortSignal) {
  return api<StaffHome>('/admin/home', { signal });
}

export function staffHomeQueryOptions() {
  return queryOptions({
    queryKey: staffHomeQueryKey,
    queryFn: ({ signal }) => getStaffHome(signal),
    // The numbers move through the day: refresh while the page is open.
    refetchInterval: 60_000,
  });
}

export function useStaffHome() {
  return useQuery(staffHomeQueryOptions());
}
