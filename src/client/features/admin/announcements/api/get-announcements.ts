import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAnnouncement } from '../../../../../shared/schemas/announcements';
import { api } from '../../../../lib/api-client';

export const adminAnnouncementsKey = ['admin', 'announcements'] as const;

export function getAdminAnnouncements(signal?: AbortSignal) {
  return api<{ announcements: AdminAnnouncement[] }>('/admin/announcements', { signal });
}

export function useAdminAnnouncements() {
  return useQuery(queryOptions({ queryKey: adminAnnouncementsKey, queryFn: ({ signal }) => getAdminAnnouncements(signal) }));
}
