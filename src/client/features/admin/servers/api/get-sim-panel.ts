import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SimPanelSettings } from '../../../../../shared/schemas/admin/servers';
import { api } from '../../../../lib/api-client';

export const simPanelKey = ['admin-sim-panel'] as const;

export function getSimPanel(signal?: AbortSignal) {
  return api<SimPanelSettings>('/admin/sim-panel', { signal });
}

export function simPanelQueryOptions() {
  return queryOptions({ queryKey: simPanelKey, queryFn: ({ signal }) => getSimPanel(signal) });
}

export function useSimPanel(enabled = true) {
  return useQuery({ ...simPanelQueryOptions(), enabled });
}
