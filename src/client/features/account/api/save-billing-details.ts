import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BillingDetailsInput } from '../../../../shared/schemas/tax';
import { saveBillingDetails } from '../../../lib/tax-terms';
import { billingDetailsQueryKey } from './get-billing-details';

export function useSaveBillingDetails(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingDetailsInput) => saveBillingDetails(userId, input),
    onSuccess: (details) => queryClient.setQueryData(billingDetailsQueryKey, { details }),
  });
}
