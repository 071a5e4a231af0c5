import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoreSettings, StoreSettingsInput } from '../../../../../shared/schemas/admin/settings';
import { api } from '../../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export function saveStoreSettings(input: StoreSettingsInput) {
  return api<StoreSettings>('/admin/settings', { method: 'PUT', body: input });
}

export function useSaveStoreSettings() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveStoreSettings, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}
