import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentMethod } from '../../../../shared/schemas/billing';
import { api } from '../../../lib/api-client';
import { billingQueryKey } from './get-billing';

export const paymentMethodsQueryKey = [...billingQueryKey, 'payment-methods'] as const;

export function getPaymentMethods(signal?: AbortSignal) {
  return api<PaymentMethod[]>('/billing/payment-methods', { signal });
}

export function paymentMethodsQueryOptions() {
  return queryOptions({ queryKey: paymentMethodsQueryKey, queryFn: ({ signal }) => getPaymentMethods(signal) });
}

export function usePaymentMethods() {
  return useQuery(paymentMethodsQueryOptions());
}
