import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceChangeNotice } from '../../../../shared/schemas/catalog';
import { api } from '../../../lib/api-client';

/** Under 'billing', so a live billing notice (a new price announced) refetches it. */
export const priceChangesKey = ['billing', 'price-changes'] as const;

export function getPriceChanges(signal?: AbortSignal) {
  return api<{ items: PriceChangeNotice[] }>('/price-changes', { signal });
}

export function priceChangesQueryOptions() {
  return queryOptions({ queryKey: priceChangesKey, queryFn: ({ signal }) => getPriceChanges(signal) });
}

export function usePriceChanges() {
  return useQuery(priceChangesQueryOptions());
}
