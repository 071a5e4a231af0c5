import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import type { DefaultLanguageInput } from '../../../../../shared/schemas/i18n';
import { api } from '../../../../lib/api-client';

const key = ['admin', 'settings', 'language'] as const;

/** GET /api/admin/settings/language: the shop's default language. */
export function getDefaultLanguage() {
  return api<{ defaultLocale: Locale }>('/admin/settings/language');
}

export function useDefaultLanguage() {
  return useQuery(queryOptions({ queryKey: key, queryFn: getDefaultLanguage }));
}

/** PUT /api/admin/settings/language: audited, with the reason staff give. */
export function useSaveDefaultLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DefaultLanguageInput) => api<{ defaultLocale: Locale }>('/admin/settings/language', { method: 'PUT', body: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
