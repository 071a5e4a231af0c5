import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResponse, CustomerEmailList } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';
import { customerKey } from './get-customer';

export const customerEmailsKey = (id: string) => [...customerKey(id), 'emails'] as const;

/** GET /admin/customers/:id/emails */
export function getCustomerEmails(id: string, signal?: AbortSignal) {
  return api<CustomerEmailList>(`/admin/customers/${encodeURIComponent(id)}/emails`, { signal });
}

export function customerEmailsQueryOptions(id: string) {
  return queryOptions({ queryKey: customerEmailsKey(id), queryFn: ({ signal }) => getCustomerEmails(id, signal) });
}

export function useCustomerEmails(id: string) {
  return useQuery(customerEmailsQueryOptions(id));
}

/** POST /admin/customers/:id/emails/:emailId/resend */
export function useResendCustomerEmail(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ emailId, reason }: { emailId: string; reason?: string }) =>
      api<CustomerActionResponse>(`/admin/customers/${encodeURIComponent(id)}/emails/${encodeURIComponent(emailId)}/resend`, {
        method: 'POST',
        body: reason ? { reason } : {},
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerEmailsKey(id) }),
  });
}
