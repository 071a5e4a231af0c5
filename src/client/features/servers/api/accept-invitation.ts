import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sharedServersKey } from './get-shared-servers';

type Accepted = { serverId: string; serverName: string };

/** With the emailed link's token. */
export function acceptInvitationByToken(token: string) {
  return api<Accepted>('/shared-servers/accept', { method: 'POST', body: { token } });
}

/** From My Services: an invitation to the signed-in person's own address, without the link. */
export function acceptInvitationById(inviteId: string) {
  return api<Accepted>(`/shared-servers/invitations/${encodeURIComponent(inviteId)}/accept`, { method: 'POST' });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string } | { inviteId: string }) =>
      'token' in input ? acceptInvitationByToken(input.token) : acceptInvitationById(input.inviteId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedServersKey }),
  });
}
