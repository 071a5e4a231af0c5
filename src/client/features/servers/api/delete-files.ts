import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { filesKey } from './get-files';

export function deleteFiles(serverId: string, paths: string[]) {
  return api<void>(`/servers/${encodeURIComponent(serverId)}/files/delete`, { method: 'POST', body: { paths } });
}

/** Deletes files and folders (with what they hold); every listing of the server is refreshed. */
export function useDeleteFiles(serverId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paths: string[]) => deleteFiles(serverId, paths),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(serverId) }),
  });
}
