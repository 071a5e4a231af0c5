import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnnouncement } from '../../../../../shared/schemas/announcements';
import { api } from '../../../../lib/api-client';
import { adminAnnouncementsKey } from './get-announcements';

/** POST /api/admin/announcements/:id/end: takes it down now, with a reason for the audit log. */
export function endAnnouncement({ id, reason }: { id: string; reason: string }) {
  return api<AdminAnnouncement>(`/admin/announcements/${encodeURIComponent(id)}/end`, { method: 'POST', body: { reason } });
}

export function useEndAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endAnnouncement, onSettled: () => queryClient.invalidateQueries({ queryKey: adminAnnouncementsKey }) });
}
