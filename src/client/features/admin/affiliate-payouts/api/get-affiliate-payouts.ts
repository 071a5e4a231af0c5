import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PayoutStatus, StaffPayout } from '../../../../../shared/schemas/affiliate';
import { api } from '../../../../lib/api-client';

export const affiliatePayoutsQueryKey = ['admin-affiliate-payouts'] as const;

export function getAffiliatePayouts(status: PayoutStatus | undefined, signal?: AbortSignal) {
  return api<StaffPayout[]>(`/admin/affiliate/payouts${status ? `?status=${status}` : ''}`, { signal });
}

export function affiliatePayoutsQueryOptions(status: PayoutStatus | undefined) {
  return queryOptions({
    queryKey: [...affiliatePayoutsQueryKey, status ?? 'all'],
    queryFn: ({ signal }) => getAffiliatePayouts(status, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAffiliatePayouts(status: PayoutStatus | undefined) {
  return useQuery(affiliatePayoutsQueryOptions(status));
}
