import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffList } from '../../../../../shared/schemas/admin/staff';
import { api } from '../../../../lib/api-client';

export const staffQueryKey = ['admin-staff'] as const;

export function getStaff(signal?: AbortSignal) {
  return api<StaffList>('/admin/staff', { signal });
}

export function staffQueryOptions() {
  return queryOptions({ queryKey: staffQueryKey, queryFn: ({ signal }) => getStaff(signal) });
}

export function useStaff() {
  return useQuery(staffQueryOptions());
}
