import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServerPermission, Share, ShareUpdateInput } from '../../../../shared/schemas/server-sharing';
import { api } from '../../../lib/api-client';
import { sharesKey } from './get-shares';

export function changeShare(id: string, shareId: string, permissions: ServerPermission[]) {
  return api<{ share: Share }>(`/servers/${encodeURIComponent(id)}/shares/${encodeURIComponent(shareId)}`, {
    method: 'PATCH',
    body: { permissions } satisfies ShareUpdateInput,
  });
}

export function useChangeShare(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ shareId, permissions }: { shareId: string; permissions: ServerPermission[] }) => changeShare(id, shareId, permissions),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharesKey(id) }),
  });
}
