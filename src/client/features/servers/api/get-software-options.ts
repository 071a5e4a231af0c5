import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SoftwareOptions, SoftwareSwitchView } from '../../../../shared/schemas/software-switch';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export type { SoftwareOptions, SoftwareSwitchView };

export function getSoftwareOptions(id: string, signal?: AbortSignal) {
  return api<SoftwareOptions>(`/servers/${encodeURIComponent(id)}/software`, { signal });
}

/** Under 'servers', so a live 'servers' notice (each step of a switch) refreshes it. */
export function softwareOptionsKey(id: string) {
  return [...serversKey, id, 'software'] as const;
}

export function softwareOptionsQueryOptions(id: string) {
  return queryOptions({ queryKey: softwareOptionsKey(id), queryFn: ({ signal }) => getSoftwareOptions(id, signal) });
}

const running = (s: SoftwareSwitchView | null | undefined) => s?.status === 'running' || s?.status === 'rolling_back';

/** What the server runs and can switch to, and its latest switch: polled every 2 s while one runs, in case a live notice is missed. */
export function useSoftwareOptions(id: string, enabled: boolean, watching: boolean) {
  return useQuery({
    ...softwareOptionsQueryOptions(id),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (watching || running(query.state.data?.latest) ? 2_000 : false),
  });
}
