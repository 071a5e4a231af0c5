import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { folderKey } from './get-files';

export function createFolder(serverId: string, path: string, name: string) {
  return api<void>(`/servers/${encodeURIComponent(serverId)}/files/folders`, { method: 'POST', body: { path, name } });
}

/** Creates a folder named `name` in the folder at `path`. */
export function useCreateFolder(serverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, name }: { path: string; name: string }) => createFolder(serverId, path, name),
    onSuccess: (_data, { path }) => queryClient.invalidateQueries({ queryKey: folderKey(serverId, path) }),
  });
}
