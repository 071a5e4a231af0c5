import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerAnnouncement } from '../../../../shared/schemas/announcements';
import { api } from '../../../lib/api-client';
import { announcementsKey } from './get-announcements';

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
      const before = queryClient.getQueryData<{ announcements: CustomerAnnouncement[] }>(announcementsKey);
      if (before) queryClient.setQueryData(announcementsKey, { announcements: before.announcements.filter((a) => a.id !== id) });
      return { before };
    },
    onError: (_error, _id, context) => {
      if (context?.before) queryClient.setQueryData(announcementsKey, context.before);
    },
  });
}
