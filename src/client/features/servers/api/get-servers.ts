import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerView } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { isTransitional } from '../server-rules';

/**
 * Every server query starts with 'servers', so the live events' 'servers' notice and a power
 * action's invalidation refresh the list and each server's figures at once. The dashboard
 * overview reads the same key, so both share one cached list.
 */
export const serversKey = ['servers'] as const;

export type Server = ServerView;

export async function getServers(signal?: AbortSignal): Promise<Server[]> {
  return (await api<{ servers: Server[] }>('/servers', { signal })).servers;
}

export function serversQueryOptions() {
  return queryOptions({ queryKey: serversKey, queryFn: ({ signal }) => getServers(signal) });
}

/** The list, refreshed every 10 s, and every 3 s while a server is changing state. */
export function useServers() {
  return useQuery({
    ...serversQueryOptions(),
    refetchInterval: (query) => (query.state.data?.some((s) => isTransitional(s.status)) ? 3_000 : 10_000),
  });
}
