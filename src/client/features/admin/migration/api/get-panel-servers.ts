import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UnlinkedPanelServers } from '../../../../../shared/schemas/admin/panel-links';
import { api } from '../../../../lib/api-client';

export const panelServersKey = ['admin', 'panel-servers'] as const;

export function getPanelServers(signal?: AbortSignal) {
  return api<UnlinkedPanelServers>('/admin/panel-servers', { signal });
}

export function panelServersQueryOptions() {
  return queryOptions({ queryKey: panelServersKey, queryFn: ({ signal }) => getPanelServers(signal), retry: false });
}

/** The panel's servers that no service here stands on yet (linking, decision 050). */
export function usePanelServers() {
  return useQuery(panelServersQueryOptions());
}
