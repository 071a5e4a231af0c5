import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerView } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';

export function serversQueryOptions() {
  return queryOptions({
    queryKey: ['servers'],
    queryFn: async () => (await api<{ servers: ServerView[] }>('/servers')).servers,
  });
}

export function useServers() {
  return useQuery(serversQueryOptions());
}
