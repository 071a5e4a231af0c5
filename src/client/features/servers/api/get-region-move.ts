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

/**
 * How often the move is asked about while one is open, in case a live notice is missed: every 2 s
 * while it runs; every 15 s while its payment is being confirmed, which is settled by a sweep
 * minutes apart (decision 084) and announced by a live notice when it is.
 */
export function moveRefetchInterval(watching: boolean, open: RegionMoveView | null | undefined): number | false {
  if (open?.status === 'charging') return 15_000;
  return watching || open ? 2_000 : false;
}

/** The locations the server can move to, and a move under way, polled while one is open (moveRefetchInterval). */
export function useRegionMoveOptions(id: string, enabled: boolean, watching: boolean) {
  return useQuery({
    ...regionMoveQueryOptions(id),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => moveRefetchInterval(watching, query.state.data?.open),
  });
}
