import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';

export function searchCustomers(q: string, signal?: AbortSignal) {
  return api<CustomerList>(`/admin/customers?${new URLSearchParams({ q, pageSize: '10' }).toString()}`, { signal });
}

export function customerSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['admin-customers', 'link-search', q],
    queryFn: ({ signal }) => searchCustomers(q, signal),
    placeholderData: keepPreviousData,
    enabled: q.trim().length >= 2,
  });
}

/** Customers whose email starts with what staff typed (two characters or more), for the link dialog. */
export function useCustomerSearch(q: string) {
  return useQuery(customerSearchQueryOptions(q.trim()));
}
