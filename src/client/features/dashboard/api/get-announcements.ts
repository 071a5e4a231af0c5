import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerAnnouncement } from '../../../../shared/schemas/announcements';
import { api } from '../../../lib/api-client';

export const announcementsKey = ['announcements'] as const;

export function getAnnouncements(signal?: AbortSignal) {
  return api<{ announcements: CustomerAnnouncement[] }>('/announcements', { signal });
}

export function announcementsQueryOptions() {
  // Staff post them rarely; a customer who keeps the dashboard open sees a new one within minutes.
  return queryOptions({ queryKey: announcementsKey, queryFn: ({ signal }) => getAnnouncements(signal), refetchInterval: 5 * 60_000 });
}

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions());
}
