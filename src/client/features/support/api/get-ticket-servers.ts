import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServerList } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';

export interface ServerOption {
  id: string;
  name: string;
}

/** GET /api/servers, reduced to what the ticket form's select needs. */
export async function getTicketServers(signal?: AbortSignal): Promise<ServerOption[]> {
  const { servers } = await api<ServerList>('/servers', { signal });
  return servers.map(({ id, name }) => ({ id, name }));
}

/** The customer's servers for the ticket form's optional 'Related server'; hidden when this fails. */
export function ticketServersQueryOptions() {
  return queryOptions({
    queryKey: ['servers', 'ticket-options'],
    queryFn: ({ signal }) => getTicketServers(signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useTicketServers() {
  return useQuery(ticketServersQueryOptions());
}
