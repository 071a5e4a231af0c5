import { queryOptions } from '@tanstack/react-query';
import type { OwnedServerView } from '../../shared/schemas/servers';
import { api } from './api-client';

/**
 * The customer's servers. Every server query starts with 'servers', so a live 'servers' notice
 * or a power action refreshes the overview's list, My Services and each server's figures at once.
 */
export const serversKey = ['servers'] as const;

export async function getServers(signal?: AbortSignal): Promise<OwnedServerView[]> {
  return (await api<{ servers: OwnedServerView[] }>('/servers', { signal })).servers;
}

export function serversQueryOptions() {
  return queryOptions({ queryKey: serversKey, queryFn: ({ signal }) => getServers(signal) });
}
