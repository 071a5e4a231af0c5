import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminServerDetail } from '../../../../../shared/schemas/admin/servers';
import { api } from '../../../../lib/api-client';
import { adminServersKey } from './get-admin-servers';

export const adminServerKey = (id: string) => [...adminServersKey, 'detail', id] as const;

export function getAdminServer(id: string, signal?: AbortSignal) {
  return api<AdminServerDetail>(`/admin/servers/${encodeURIComponent(id)}`, { signal });
}

const settling = new Set(['provisioning', 'installing', 'starting', 'stopping']);

export function adminServerQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminServerKey(id),
    queryFn: ({ signal }) => getAdminServer(id, signal),
    // While it is being set up or changing power, look again every few seconds.
    refetchInterval: (query) => (query.state.data && settling.has(query.state.data.status) ? 2_000 : false),
  });
}

export function useAdminServer(id: string) {
  return useQuery(adminServerQueryOptions(id));
}
