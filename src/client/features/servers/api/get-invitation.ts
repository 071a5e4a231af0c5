import { useQuery } from '@tanstack/react-query';
import type { InvitePreview } from '../../../../shared/schemas/server-sharing';
import { api } from '../../../lib/api-client';

export type { InvitePreview };

export function getInvitation(token: string, signal?: AbortSignal) {
  return api<InvitePreview>(`/shared-servers/invitations/${encodeURIComponent(token)}`, { signal });
}

/** What an emailed invitation offers the signed-in person, before they accept it. */
export function useInvitation(token: string) {
  return useQuery({ queryKey: ['shared-invitation', token], queryFn: ({ signal }) => getInvitation(token, signal), enabled: token !== '', staleTime: Infinity });
}
