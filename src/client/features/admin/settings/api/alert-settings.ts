import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertSettings, AlertSettingsInput } from '../../../../../shared/schemas/admin/alerts';
import { api } from '../../../../lib/api-client';

export const alertSettingsQueryKey = ['admin-settings', 'alerts'] as const;

/** GET /admin/settings/alerts: the webhook (its key hidden) and who is emailed for each alert. */
export function getAlertSettings(signal?: AbortSignal) {
  return api<AlertSettings>('/admin/settings/alerts', { signal });
}

export function alertSettingsQueryOptions() {
  return queryOptions({ queryKey: alertSettingsQueryKey, queryFn: ({ signal }) => getAlertSettings(signal) });
}

export function useAlertSettings() {
  return useQuery(alertSettingsQueryOptions());
}

/** PUT /admin/settings/alerts: set the webhook, or clear it with null. */
export function saveAlertSettings(input: AlertSettingsInput) {
  return api<AlertSettings>('/admin/settings/alerts', { method: 'PUT', body: input });
}

export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: (saved) => queryClient.setQueryData(alertSettingsQueryKey, saved),
  });
}
