import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Brand } from '../../../../../shared/brand';
import type { BusinessRules } from '../../../../../shared/business-rules';
import { api } from '../../../../lib/api-client';

const shopSettingsQueryKey = ['admin', 'settings', 'brand'] as const;

/** The brand and the business rules as saved (the defaults until a first save). */
export function getShopSettings(signal?: AbortSignal) {
  return api<{ brand: Brand; rules: BusinessRules }>('/admin/settings/brand', { signal });
}

export const shopSettingsQueryOptions = () => queryOptions({ queryKey: shopSettingsQueryKey, queryFn: ({ signal }) => getShopSettings(signal) });

export function useShopSettings() {
  return useQuery(shopSettingsQueryOptions());
}

export function saveBusinessRules(input: BusinessRules & { reason: string }) {
  return api<BusinessRules>('/admin/settings/business-rules', { method: 'PUT', body: input });
}

export function useSaveBusinessRules() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveBusinessRules, onSettled: () => queryClient.invalidateQueries({ queryKey: shopSettingsQueryKey }) });
}
