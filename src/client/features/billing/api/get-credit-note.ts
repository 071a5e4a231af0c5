import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CreditNoteDetail } from '../../../../shared/schemas/billing';
import { api, ApiError } from '../../../lib/api-client';
import { invoicesQueryKey } from './get-invoices';

/** GET /credit-notes/:id: one of the customer's credit notes, issued by a refund against an invoice. */
export function getCreditNote(id: string, signal?: AbortSignal) {
  return api<CreditNoteDetail>(`/credit-notes/${encodeURIComponent(id)}`, { signal });
}

export function creditNoteQueryOptions(id: string) {
  return queryOptions({
    // Under the invoices key, so the billing notices that refresh invoices refresh it too.
    queryKey: [...invoicesQueryKey, 'credit-note', id],
    queryFn: ({ signal }) => getCreditNote(id, signal),
    // A missing credit note stays missing; asking again only delays the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useCreditNote(id: string) {
  return useQuery(creditNoteQueryOptions(id));
}
