import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../shared/i18n/locales';
import type { CustomerAnnouncement } from '../../../../shared/schemas/announcements';
import { api } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';

/** Every language's list; a dismissal updates them all. */
export const announcementsKey = ['announcements'] as const;

export function getAnnouncements(locale: Locale, signal?: AbortSignal) {
  return api<{ announcements: CustomerAnnouncement[] }>(`/announcements?lang=${encodeURIComponent(locale)}`, { signal });
}

export function announcementsQueryOptions(locale: Locale) {
  // Staff post them rarely; a customer who keeps the dashboard open sees a new one within minutes.
  return queryOptions({ queryKey: [...announcementsKey, locale], queryFn: ({ signal }) => getAnnouncements(locale, signal), refetchInterval: 5 * 60_000 });
}

/** The banners in the page's language, where staff wrote them in it. */
export function useAnnouncements() {
  return useQuery(announcementsQueryOptions(useLocale()));
}
