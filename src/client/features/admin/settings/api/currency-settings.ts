import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrencySettings, CurrencySettingsInput } from '../../../../../shared/schemas/admin/settings';
import { api } from '../../../../lib/api-client';

const currencyQueryKey = ['admin', 'settings', 'currency'] as const;

export function getCurrencySettings(signal?: AbortSignal) {
  return api<CurrencySettings>('/admin/settings/currency', { signal });
}

export const currencySettingsQueryOptions = () => queryOptions({ queryKey: currencyQueryKey, queryFn: ({ signal }) => getCurrencySettings(signal) });

export function useCurrencySettings() {
  return useQuery(currencySettingsQueryOptions());
}

export function saveCurrency(input: CurrencySettingsInput) {
  return api<CurrencySettings>('/admin/settings/currency', { method: 'PUT', body: input });
}

export function useSaveCurrency() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCurrency, onSettled: () => queryClient.invalidateQueries({ queryKey: currencyQueryKey }) });
}
