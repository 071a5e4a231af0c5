import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminSettings } from '../../../../../shared/schemas/admin/settings';
import { api } from '../../../../lib/api-client';

export const settingsQueryKey = ['admin-settings'] as const;

export function getSettings(signal?: AbortSignal) {
  return api<AdminSettings>('/admin/settings', { signal });
}

export function settingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings(signal) });
}

export function useSettings() {
  return useQuery(settingsQueryOptions());
}
