import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CustomerList } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';

export const customersKey = ['admin-customers'] as const;

export const customerParamKeys = ['q', 'filter', 'since', 'sort', 'page'] as const;
/** The list's query, as in the page URL: q, filter, since, sort, page. */
export type CustomerParams = Partial<Record<(typeof customerParamKeys)[number], string>>;

export function customersQueryString(params: CustomerParams): string {
  const search = new URLSearchParams();
  for (const key of customerParamKeys) {
    const value = params[key]?.trim();
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function getCustomers(params: CustomerParams, signal?: AbortSignal) {
  return api<CustomerList>(`/admin/customers${customersQueryString(params)}`, { signal });
}

export function customersQueryOptions(params: CustomerParams) {
  return queryOptions({
    queryKey: [...customersKey, 'list', params],
    queryFn: ({ signal }) => getCustomers(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCustomers(params: CustomerParams) {
  return useQuery(customersQueryOptions(params));
}
