import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SftpDetails } from '../../../../shared/schemas/server-files';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export type { SftpDetails };

export function getSftp(id: string, signal?: AbortSignal) {
  return api<SftpDetails>(`/servers/${encodeURIComponent(id)}/sftp`, { signal });
}

export function sftpKey(id: string) {
  return [...serversKey, id, 'sftp'] as const;
}

/** Host, port and username for SFTP; asked for only once someone opens the card's SFTP section. */
export function useSftp(id: string, enabled: boolean) {
  return useQuery({
    ...queryOptions({ queryKey: sftpKey(id), queryFn: ({ signal }) => getSftp(id, signal) }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
