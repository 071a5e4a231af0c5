import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { TranslationList } from '../../../../../shared/schemas/i18n';
import { api } from '../../../../lib/api-client';

export const translationsQueryKey = (locale: Locale) => ['admin', 'translations', locale] as const;

/** GET /api/admin/translations/:locale: every message, with English, the shipped text and staff's edit. */
export function getTranslations(locale: Locale) {
  return api<TranslationList>(`/admin/translations/${encodeURIComponent(locale)}`);
}

export function translationsQueryOptions(locale: Locale) {
  return queryOptions({ queryKey: translationsQueryKey(locale), queryFn: () => getTranslations(locale) });
}

export function useTranslations(locale: Locale) {
  return useQuery(translationsQueryOptions(locale));
}
