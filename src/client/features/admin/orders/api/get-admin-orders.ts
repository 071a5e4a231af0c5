import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderList } from '../../../../../shared/schemas/admin/orders';
import { api } from '../../../../lib/api-client';
import { moneyExportQueryString, moneyQueryString, type MoneyParams } from './money-params';

export const adminOrdersKey = ['admin-orders'] as const;

/** GET /admin/orders: one page of orders, filtered and sorted on the server. */
export function getAdminOrders(params: MoneyParams, signal?: AbortSignal) {
  return api<AdminOrderList>(`/admin/orders${moneyQueryString(params)}`, { signal });
}

export function adminOrdersQueryOptions(params: MoneyParams) {
  return queryOptions({
    queryKey: [...adminOrdersKey, 'list', params],
    queryFn: ({ signal }) => getAdminOrders(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrders(params: MoneyParams) {
  return useQuery(adminOrdersQueryOptions(params));
}

/** GET /admin/orders/export.csv: every order the filters match, as a download. */
export function adminOrdersExportUrl(params: MoneyParams): string {
  return `/api/admin/orders/export.csv${moneyExportQueryString(params)}`;
}
