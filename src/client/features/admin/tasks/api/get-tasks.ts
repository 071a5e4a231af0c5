import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffTask } from '../../../../../shared/schemas/delivery';
import { api } from '../../../../lib/api-client';

export const staffTasksQueryKey = ['admin-tasks'] as const;

export function getStaffTasks(status: string, signal?: AbortSignal) {
  return api<{ tasks: StaffTask[] }>(`/admin/tasks${status ? `?status=${encodeURIComponent(status)}` : ''}`, { signal });
}

export function staffTasksQueryOptions(status: string) {
  return queryOptions({ queryKey: [...staffTasksQueryKey, status], queryFn: ({ signal }) => getStaffTasks(status, signal), refetchInterval: 60_000 });
}

export function useStaffTasks(status: string) {
  return useQuery(staffTasksQueryOptions(status));
}
