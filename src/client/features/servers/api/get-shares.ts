import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Share } from '../../../../shared/schemas/server-sharing';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export type { Share };

export function getShares(id: string, signal?: AbortSignal) {
  return api<{ shares: Share[] }>(`/servers/${encodeURIComponent(id)}/shares`, { signal });
}

export function sharesKey(id: string) {
  return [...serversKey, id, 'shares'] as const;
}

export function sharesQueryOptions(id: string) {
  return queryOptions({ queryKey: sharesKey(id), queryFn: ({ signal }) => getShares(id, signal) });
}

/** Who the owner shared a server with, and the invitations still open. */
export function useShares(id: string, enabled: boolean) {
  return useQuery({ ...sharesQueryOptions(id), enabled });
}
