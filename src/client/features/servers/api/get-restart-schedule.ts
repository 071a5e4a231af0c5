import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RestartSchedule } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export function getRestartSchedule(id: string, signal?: AbortSignal) {
  return api<RestartSchedule>(`/servers/${encodeURIComponent(id)}/restart-schedule`, { signal });
}

export function restartScheduleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...serversKey, id, 'restart-schedule'],
    queryFn: ({ signal }) => getRestartSchedule(id, signal),
    staleTime: 5 * 60_000,
  });
}

/** The daily restart time, "HH:MM" UTC, or null when none is set. */
export function useRestartSchedule(id: string | undefined, enabled: boolean) {
  return useQuery({ ...restartScheduleQueryOptions(id ?? ''), enabled: enabled && Boolean(id) });
}
