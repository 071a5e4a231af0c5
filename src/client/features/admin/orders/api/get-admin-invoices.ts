import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminInvoiceList } from '../../../../../shared/schemas/admin/orders';
import { api } from '../../../../lib/api-client';
import { moneyExportQueryString, moneyQueryString, type MoneyParams } from './money-params';

export const adminInvoicesKey = ['admin-invoices'] as const;

/** GET /admin/invoices: one page of invoices, filtered and sorted on the server. */
export function getAdminInvoices(params: MoneyParams, signal?: AbortSignal) {
  return api<AdminInvoiceList>(`/admin/invoices${moneyQueryString(params)}`, { signal });
}

export function adminInvoicesQueryOptions(params: MoneyParams) {
  return queryOptions({
    queryKey: [...adminInvoicesKey, 'list', params],
    queryFn: ({ signal }) => getAdminInvoices(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminInvoices(params: MoneyParams) {
  return useQuery(adminInvoicesQueryOptions(params));
}

/** GET /admin/invoices/export.csv: every invoice the filters match, as a download. */
export function adminInvoicesExportUrl(params: MoneyParams): string {
  return `/api/admin/invoices/export.csv${moneyExportQueryString(params)}`;
}
