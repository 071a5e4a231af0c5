import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAnnouncement } from '../../../../shared/schemas/announcements';
import { api } from '../../../lib/api-client';
import { announcementsKey } from './get-announcements';

type List = { announcements: CustomerAnnouncement[] };

export function dismissAnnouncement(id: string) {
  return api<void>(`/announcements/${encodeURIComponent(id)}/dismiss`, { method: 'POST' });
}

/** Closes it at once on screen; the server remembers it for the account, so it stays closed on every device. */
export function useDismissAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissAnnouncement,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: announcementsKey });
      const before = queryClient.getQueriesData<List>({ queryKey: announcementsKey });
      queryClient.setQueriesData<List>({ queryKey: announcementsKey }, (list) => list && { announcements: list.announcements.filter((a) => a.id !== id) });
      return { before };
    },
    onError: (_error, _id, context) => {
      for (const [key, list] of context?.before ?? []) queryClient.setQueryData(key, list);
    },
  });
}
