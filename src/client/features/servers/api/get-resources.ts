import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerResources } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';


export function getResources(id: string, signal?: AbortSignal) {
  return api<ServerResources>(`/servers/${encodeURIComponent(id)}/resources`, { signal });
}

export function resourcesQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...serversKey, id, 'resources'],
    queryFn: ({ signal }) => getResources(id, signal),
    staleTime: 5_000,
  });
}

/** Live figures, refreshed every 10 s while the page is open. */
export function useResources(id: string, enabled: boolean) {
  return useQuery({ ...resourcesQueryOptions(id), enabled, refetchInterval: enabled ? 10_000 : false });
}
