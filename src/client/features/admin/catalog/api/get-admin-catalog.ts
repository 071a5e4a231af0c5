import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCatalog } from '../../../../../shared/schemas/admin/catalog';
import { api } from '../../../../lib/api-client';

export const adminCatalogKey = ['admin-catalog'] as const;

export function getAdminCatalog(signal?: AbortSignal) {
  return api<AdminCatalog>('/admin/catalog', { signal });
}

export function adminCatalogQueryOptions() {
  // The editor keeps its own draft; a background refetch must not look like someone else's save.
  return queryOptions({ queryKey: adminCatalogKey, queryFn: ({ signal }) => getAdminCatalog(signal), refetchOnWindowFocus: false });
}

export function useAdminCatalog() {
  return useQuery(adminCatalogQueryOptions());
}
