import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedServersKey } from './get-shared-servers';

export function leaveServer(id: string) {
  return api<void>(`/servers/${encodeURIComponent(id)}/membership`, { method: 'DELETE' });
}

/** A person gives up access to a server someone shared with them. */
export function useLeaveServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => leaveServer(id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedServersKey }),
  });
}
