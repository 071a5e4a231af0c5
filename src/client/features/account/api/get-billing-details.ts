import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBillingDetails } from '../../../lib/tax-terms';

export const billingDetailsQueryKey = ['account', 'billing-details'] as const;

export function billingDetailsQueryOptions() {
  return queryOptions({ queryKey: billingDetailsQueryKey, queryFn: ({ signal }) => getBillingDetails(signal) });
}

export function useBillingDetails() {
  return useQuery(billingDetailsQueryOptions());
}
