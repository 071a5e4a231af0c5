import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BillingHistoryEntry } from '../../../../shared/schemas/billing';
import { api } from '../../../lib/api-client';

/** Every invoice query starts with 'invoices'; purchases and billing notices refresh them. */
export const invoicesQueryKey = ['invoices'] as const;

export function getInvoices(signal?: AbortSignal) {
  return api<BillingHistoryEntry[]>('/invoices', { signal });
}

export function invoicesQueryOptions() {
  return queryOptions({ queryKey: [...invoicesQueryKey, 'list'], queryFn: ({ signal }) => getInvoices(signal) });
}

export function useInvoices() {
  return useQuery(invoicesQueryOptions());
}
