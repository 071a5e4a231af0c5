import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AffiliatePeriod } from '../../../../shared/affiliate';
import type { AffiliateSummary } from '../../../../shared/schemas/affiliate';
import { api } from '../../../lib/api-client';

/** Every affiliate query starts with 'affiliate', so one invalidation (and the live events) refreshes them all. */
export const affiliateQueryKey = ['affiliate'] as const;

export function getAffiliate(period: AffiliatePeriod, signal?: AbortSignal) {
  return api<AffiliateSummary>(`/affiliate?period=${period}`, { signal });
}

export function affiliateQueryOptions(period: AffiliatePeriod) {
  return queryOptions({
    queryKey: [...affiliateQueryKey, 'dashboard', period],
    queryFn: ({ signal }) => getAffiliate(period, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAffiliate(period: AffiliatePeriod) {
  return useQuery(affiliateQueryOptions(period));
}
