import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ServerView } from './get-checkout-state';

export interface ServerStatusResponse {
  hasServer: boolean;
  server: ServerView | null;
}

/** The spec's status call: every 10 s while there is no server, stopping once one exists. */
export function useServerStatus(enabled: boolean) {
  return useQuery({
    queryKey: ['server-status'],
    queryFn: () => api<ServerStatusResponse>('/server-status'),
    enabled,
    refetchInterval: (query) => (query.state.data?.hasServer ? false : 10_000),
  });
}
