import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../shared/schemas/billing';
import { api } from '../../../lib/api-client';
import { billingOverviewQueryKey } from './get-billing';
import { paymentMethodsQueryKey } from './get-payment-methods';

export function removePaymentMethod(id: string) {
  return api<PaymentMethod[]>(`/billing/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/** Removes a card; the overview's card count changes with it. */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentMethod,
    onSuccess: async (methods) => {
      queryClient.setQueryData(paymentMethodsQueryKey, methods);
      await queryClient.invalidateQueries({ queryKey: billingOverviewQueryKey });
    },
  });
}
