import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingOverview } from '../../../../shared/schemas/billing';
import { api } from '../../../lib/api-client';

/** Every billing query starts with 'billing', so a 'billing' change notice refreshes them all. */
export const billingQueryKey = ['billing'] as const;
export const billingOverviewQueryKey = [...billingQueryKey, 'overview'] as const;

export function getBilling(signal?: AbortSignal) {
  return api<BillingOverview>('/billing', { signal });
}

export function billingQueryOptions() {
  return queryOptions({ queryKey: billingOverviewQueryKey, queryFn: ({ signal }) => getBilling(signal) });
}

export function useBilling() {
  return useQuery(billingQueryOptions());
}
