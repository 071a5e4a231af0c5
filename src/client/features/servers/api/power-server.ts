import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PowerAction } from '../../../../shared/schemas/servers';
import { api } from '../../../lib/api-client';
import { serversKey, type Server } from './get-servers';
import { sharedServersKey } from './get-shared-servers';

export function powerServer(id: string, action: PowerAction) {
  return api<{ server: Server }>(`/servers/${encodeURIComponent(id)}/power`, { method: 'POST', body: { action } });
}

export function usePowerServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PowerAction }) => powerServer(id, action),
    onSuccess: async ({ server }) => {
      queryClient.setQueryData<Server[]>(serversKey, (list) => list?.map((s) => (s.id === server.id ? { ...s, ...server } : s)));
      await queryClient.invalidateQueries({ queryKey: [...serversKey, server.id] });
      await queryClient.invalidateQueries({ queryKey: sharedServersKey });
      await queryClient.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}
