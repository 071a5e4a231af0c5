import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerDetail } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';
import { customersKey } from './get-customers';

export const customerKey = (id: string) => [...customersKey, 'detail', id] as const;

export function getCustomer(id: string, signal?: AbortSignal) {
  return api<CustomerDetail>(`/admin/customers/${encodeURIComponent(id)}`, { signal });
}

export function customerQueryOptions(id: string) {
  return queryOptions({ queryKey: customerKey(id), queryFn: ({ signal }) => getCustomer(id, signal) });
}

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
