import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '../../../../../shared/i18n/locales';
import { api } from '../../../../lib/api-client';
import { translationsQueryKey } from './get-translations';

interface Target {
  locale: Locale;
  key: string;
}

const path = ({ locale, key }: Target) => `/admin/translations/${encodeURIComponent(locale)}/${encodeURIComponent(key)}`;

/** PUT /api/admin/translations/:locale/:key: staff's wording, which wins over the shipped text. */
export function saveTranslation(input: Target & { message: string }) {
  return api(path(input), { method: 'PUT', body: { message: input.message } });
}

/** DELETE /api/admin/translations/:locale/:key: back to the shipped text. */
export function resetTranslation(input: Target) {
  return api(path(input), { method: 'DELETE' });
}

export function useSaveTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTranslation,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: translationsQueryKey(input.locale) }),
  });
}

export function useResetTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTranslation,
    onSettled: (_data, _error, input) => queryClient.invalidateQueries({ queryKey: translationsQueryKey(input.locale) }),
  });
}
