import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FileContent } from '../../../../shared/schemas/server-files';
import { api } from '../../../lib/api-client';
import { filesKey, retryUnlessRefused } from './get-files';

export function fileContentKey(serverId: string, path: string) {
  return [...filesKey(serverId), 'content', path] as const;
}

export function getFileContent(serverId: string, path: string, signal?: AbortSignal) {
  return api<FileContent>(`/servers/${encodeURIComponent(serverId)}/files/contents?path=${encodeURIComponent(path)}`, { signal });
}

export function fileContentQueryOptions(serverId: string, path: string) {
  return queryOptions({
    queryKey: fileContentKey(serverId, path),
    queryFn: ({ signal }) => getFileContent(serverId, path, signal),
    retry: retryUnlessRefused,
  });
}

/**
 * The text of a file for the editor (up to 1 MB; the server refuses larger and binary files in
 * words). Fetched when the file is opened, never behind the editor's back.
 */
export function useFileContent(serverId: string, path: string) {
  return useQuery({ ...fileContentQueryOptions(serverId, path), staleTime: 0, gcTime: 0, refetchOnWindowFocus: false, refetchOnReconnect: false });
}
