import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileList } from '../../../../shared/schemas/server-files';
import { api, ApiError } from '../../../lib/api-client';

export type { FileEntry, FileList } from '../../../../shared/schemas/server-files';

/**
 * The file manager's queries, under a key of their own rather than 'servers': a power action or a
 * live notice refreshes every 'servers' query, and an open file must not be refetched under an edit.
 */
export function filesKey(serverId: string) {
  return ['server-files', serverId] as const;
}

export function folderKey(serverId: string, path: string) {
  return [...filesKey(serverId), 'list', path] as const;
}

/** Refusals (4xx) are answers, not hiccups: only network trouble and 5xx are tried again. */
export function retryUnlessRefused(failures: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

export function getFiles(serverId: string, path: string, signal?: AbortSignal) {
  return api<FileList>(`/servers/${encodeURIComponent(serverId)}/files?path=${encodeURIComponent(path)}`, { signal });
}

export function filesQueryOptions(serverId: string, path: string) {
  return queryOptions({ queryKey: folderKey(serverId, path), queryFn: ({ signal }) => getFiles(serverId, path, signal), retry: retryUnlessRefused });
}

/** A folder of the server, folders first (the server sorts). */
export function useFiles(serverId: string, path: string, enabled = true) {
  return useQuery({ ...filesQueryOptions(serverId, path), enabled, staleTime: 10_000 });
}
