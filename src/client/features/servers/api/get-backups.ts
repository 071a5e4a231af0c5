import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BackupList } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';


export function getBackups(id: string, signal?: AbortSignal) {
  return api<BackupList>(`/servers/${encodeURIComponent(id)}/backups`, { signal });
}

export function backupsQueryOptions(id: string) {
  return queryOptions({ queryKey: [...serversKey, id, 'backups'], queryFn: ({ signal }) => getBackups(id, signal) });
}

/** Polls every 2 s while a backup is still being made, so it turns downloadable by itself. */
export function useBackups(id: string, enabled: boolean) {
  return useQuery({
    ...backupsQueryOptions(id),
    enabled,
    refetchInterval: (query) => (enabled && query.state.data?.backups.some((b) => !b.completedAt) ? 2_000 : false),
  });
}

/** The file itself: a plain link, so the browser streams it to disk with the session cookie. */
export function backupDownloadUrl(serverId: string, backupId: string) {
  return `/api/servers/${encodeURIComponent(serverId)}/backups/${encodeURIComponent(backupId)}/download`;
}
