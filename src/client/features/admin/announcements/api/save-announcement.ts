import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement, AnnouncementInput } from '../../../../../shared/schemas/announcements';
import { api } from '../../../../lib/api-client';
import { adminAnnouncementsKey } from './get-announcements';

/** POST /api/admin/announcements (new) or PUT /api/admin/announcements/:id (a change). */
export function saveAnnouncement({ id, input }: { id?: string; input: AnnouncementInput }) {
  return id
    ? api<AdminAnnouncement>(`/admin/announcements/${encodeURIComponent(id)}`, { method: 'PUT', body: input })
    : api<AdminAnnouncement>('/admin/announcements', { method: 'POST', body: input });
}

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveAnnouncement, onSettled: () => queryClient.invalidateQueries({ queryKey: adminAnnouncementsKey }) });
}
