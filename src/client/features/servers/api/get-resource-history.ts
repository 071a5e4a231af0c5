import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResourceHistory } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';


export function getResourceHistory(id: string, signal?: AbortSignal) {
  return api<ResourceHistory>(`/servers/${encodeURIComponent(id)}/resources/history`, { signal });
}

export function resourceHistoryQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...serversKey, id, 'history'],
    queryFn: async ({ signal }) => (await getResourceHistory(id, signal)).points,
    staleTime: 5_000,
  });
}

/** The last hour of CPU and RAM, for the small charts. */
export function useResourceHistory(id: string, enabled: boolean) {
  return useQuery({ ...resourceHistoryQueryOptions(id), enabled, refetchInterval: enabled ? 10_000 : false });
}
