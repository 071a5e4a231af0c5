import { queryOptions, useQuery } from '@tanstack/react-query';
import { getBillingDetails } from '../../../lib/tax-terms';

export const billingDetailsQueryKey = ['account', 'billing-details'] as const;

export function billingDetailsQueryOptions() {
  return queryOptions({ queryKey: billingDetailsQueryKey, queryFn: ({ signal }) => getBillingDetails(signal) });
}

/** While VIES has not answered about the VAT ID, asks again every 15 seconds so the status moves on its own. */
export function useBillingDetails() {
  return useQuery({ ...billingDetailsQueryOptions(), refetchInterval: (query) => (query.state.data?.details?.vatIdStatus === 'checking' ? 15_000 : false) });
}
