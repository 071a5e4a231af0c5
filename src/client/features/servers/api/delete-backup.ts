import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { backupsQueryOptions } from './get-backups';
import { serversKey } from './get-servers';

export function deleteBackup(id: string, backupId: string) {
  return api<void>(`/servers/${encodeURIComponent(id)}/backups/${encodeURIComponent(backupId)}`, { method: 'DELETE' });
}

export function useDeleteBackup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (backupId: string) => deleteBackup(id, backupId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: backupsQueryOptions(id).queryKey });
      await queryClient.invalidateQueries({ queryKey: [...serversKey, id, 'resources'] });
    },
  });
}
