import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface ServerOption {
  id: string;
  name: string;
}

/** GET /api/servers answers a list, or `{ servers: [...] }`; either way only id and name matter here. */
export function toServerOptions(data: unknown): ServerOption[] {
  const list = Array.isArray(data) ? data : (data as { servers?: unknown } | null)?.servers;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const s = item as { id?: unknown; name?: unknown; server_name?: unknown };
    if (typeof s?.id !== 'string') return [];
    const name = typeof s.name === 'string' ? s.name : typeof s.server_name === 'string' ? s.server_name : s.id;
    return [{ id: s.id, name }];
  });
}

export async function getTicketServers(signal?: AbortSignal): Promise<ServerOption[]> {
  return toServerOptions(await api<unknown>('/servers', { signal }));
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
