import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fileContentKey } from './get-file-content';
import { folderKey } from './get-files';

export function saveFile(serverId: string, path: string, content: string) {
  return api<void>(`/servers/${encodeURIComponent(serverId)}/files/contents`, { method: 'PUT', body: { path, content } });
}

/** Saves a text file; its folder's listing (size, modified) is refreshed. */
export function useSaveFile(serverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ path, content }: { path: string; content: string }) => saveFile(serverId, path, content),
    onSuccess: async (_data, { path, content }) => {
      queryClient.setQueryData(fileContentKey(serverId, path), { path, content });
      await queryClient.invalidateQueries({ queryKey: folderKey(serverId, path.split('/').slice(0, -1).join('/')) });
    },
  });
}
