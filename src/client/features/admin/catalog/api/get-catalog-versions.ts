import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogVersionList } from '../../../../../shared/schemas/admin/catalog';
import { api } from '../../../../lib/api-client';

export const catalogVersionsKey = ['admin-catalog-versions'] as const;

export function getCatalogVersions(signal?: AbortSignal) {
  return api<CatalogVersionList>('/admin/catalog/versions', { signal });
}

export function catalogVersionsQueryOptions() {
  return queryOptions({ queryKey: catalogVersionsKey, queryFn: ({ signal }) => getCatalogVersions(signal) });
}

export function useCatalogVersions(enabled = true) {
  return useQuery({ ...catalogVersionsQueryOptions(), enabled });
}
