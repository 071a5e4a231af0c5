import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RegionMoveOptions, RegionMoveView } from '../../../../shared/schemas/region-moves';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export type { RegionMoveOptions, RegionMoveView };

export function getRegionMoveOptions(id: string, signal?: AbortSignal) {
  return api<RegionMoveOptions>(`/servers/${encodeURIComponent(id)}/move`, { signal });
}

/** Under 'servers', so a live 'servers' notice (each step of a move) refreshes it. */
export function regionMoveKey(id: string) {
  return [...serversKey, id, 'move'] as const;
}

export function regionMoveQueryOptions(id: string) {
  return queryOptions({ queryKey: regionMoveKey(id), queryFn: ({ signal }) => getRegionMoveOptions(id, signal) });
}

/** The locations the server can move to, and a move under way: polled every 2 s while one runs, in case a live notice is missed. */
export function useRegionMoveOptions(id: string, enabled: boolean, watching: boolean) {
  return useQuery({
    ...regionMoveQueryOptions(id),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (watching || query.state.data?.open ? 2_000 : false),
  });
}
