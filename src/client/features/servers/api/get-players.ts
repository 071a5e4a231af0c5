import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlayerList } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';


export function getPlayers(id: string, signal?: AbortSignal) {
  return api<PlayerList>(`/servers/${encodeURIComponent(id)}/players`, { signal });
}

export function playersQueryOptions(id: string) {
  return queryOptions({ queryKey: [...serversKey, id, 'players'], queryFn: ({ signal }) => getPlayers(id, signal) });
}

export function usePlayers(id: string, enabled: boolean) {
  return useQuery({ ...playersQueryOptions(id), enabled, refetchInterval: enabled ? 10_000 : false });
}
