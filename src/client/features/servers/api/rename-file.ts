import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filesKey } from './get-files';

export function renameFile(serverId: string, path: string, name: string) {
  return api<void>(`/servers/${encodeURIComponent(serverId)}/files/rename`, { method: 'POST', body: { path, name } });
}

/** Renames a file or folder in its folder; every listing of the server is refreshed (a folder's children move with it). */
export function useRenameFile(serverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, name }: { path: string; name: string }) => renameFile(serverId, path, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(serverId) }),
  });
}
