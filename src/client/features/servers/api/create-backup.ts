import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Backup, CreateBackup } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export function createBackup(id: string, name?: string) {
  return api<{ backup: Backup }>(`/servers/${encodeURIComponent(id)}/backups`, {
    method: 'POST',
    body: (name ? { name } : {}) satisfies CreateBackup,
  });
}

export function useCreateBackup(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name?: string) => createBackup(id, name),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [...serversKey, id, 'backups'] });
      await queryClient.invalidateQueries({ queryKey: [...serversKey, id, 'resources'] });
    },
  });
}
