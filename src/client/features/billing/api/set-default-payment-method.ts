import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../shared/schemas/billing';
import { api } from '../../../lib/api-client';
import { paymentMethodsQueryKey } from './get-payment-methods';

export function setDefaultPaymentMethod(id: string) {
  return api<PaymentMethod[]>(`/billing/payment-methods/${encodeURIComponent(id)}/default`, { method: 'POST' });
}

export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPaymentMethod,
    onSuccess: (methods) => queryClient.setQueryData(paymentMethodsQueryKey, methods),
  });
}
