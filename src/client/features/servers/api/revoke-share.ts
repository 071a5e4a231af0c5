import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharesKey } from './get-shares';

export function revokeShare(id: string, shareId: string) {
  return api<void>(`/servers/${encodeURIComponent(id)}/shares/${encodeURIComponent(shareId)}`, { method: 'DELETE' });
}

/** Removes a person's access, or withdraws an invitation not accepted yet. */
export function useRevokeShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (shareId: string) => revokeShare(id, shareId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}
