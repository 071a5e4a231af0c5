import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Share, ShareInviteInput } from '../../../../shared/schemas/server-sharing';
import { api } from '../../../lib/api-client';
import { sharesKey } from './get-shares';

export function inviteToServer(id: string, input: ShareInviteInput) {
  return api<{ share: Share }>(`/servers/${encodeURIComponent(id)}/shares`, { method: 'POST', body: input });
}

export function useInviteToServer(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInviteInput) => inviteToServer(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}
