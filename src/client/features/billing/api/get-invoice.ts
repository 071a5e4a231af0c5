import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvoiceDetail } from '../../../../shared/schemas/billing';
import { api, ApiError } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

export function getInvoice(id: string, signal?: AbortSignal) {
  return api<InvoiceDetail>(`/invoices/${encodeURIComponent(id)}`, { signal });
}

export function invoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...invoicesQueryKey, 'detail', id],
    queryFn: ({ signal }) => getInvoice(id, signal),
    // A missing invoice stays missing; asking again only delays the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useInvoice(id: string) {
  return useQuery(invoiceQueryOptions(id));
}
