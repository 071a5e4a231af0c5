import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedServer, SharedWithMe } from '../../../../shared/schemas/server-sharing';
import { api } from '../../../lib/api-client';
import { isTransitional } from '../server-rules';
import { serversKey } from './get-servers';

export type { SharedServer, SharedWithMe };

/** Under 'servers', so a power action or a live notice refreshes it with the rest. */
export const sharedServersKey = [...serversKey, 'shared-with-me'] as const;

export function getSharedServers(signal?: AbortSignal) {
  return api<SharedWithMe>('/shared-servers', { signal });
}

export function sharedServersQueryOptions() {
  return queryOptions({ queryKey: sharedServersKey, queryFn: ({ signal }) => getSharedServers(signal) });
}

/**
 * Servers other people shared with the signed-in person, and invitations to their address. Live
 * notices go to a server's owner only, so this polls: every 10 s, every 3 s while one changes state.
 */
export function useSharedServers() {
  return useQuery({
    ...sharedServersQueryOptions(),
    refetchInterval: (query) => (query.state.data?.servers.some((s) => isTransitional(s.status)) ? 3_000 : 10_000),
  });
}
