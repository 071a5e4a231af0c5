import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Catalog } from '../../shared/catalog';
import { api } from './api-client';

export const catalogQueryKey = ['catalog'] as const;

export function getCatalog() {
  return api<Catalog>('/catalog');
}

export function catalogQueryOptions() {
  return queryOptions({ queryKey: catalogQueryKey, queryFn: getCatalog, staleTime: 60_000 });
}

/** The catalog from the API; every price on screen comes from here. */
export function useCatalog() {
  return useQuery(catalogQueryOptions());
}
