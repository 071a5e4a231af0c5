import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResponse, CustomerVatIdVerifyInput } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';
import { customerKey } from './get-customer';

/** POST /admin/customers/:id/vat-id/verify: mark the VAT ID shown as verified by hand, with a reason. */
export function verifyVatId(id: string, input: CustomerVatIdVerifyInput) {
  return api<CustomerActionResponse>(`/admin/customers/${encodeURIComponent(id)}/vat-id/verify`, { method: 'POST', body: input });
}

export function useVerifyVatId(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerVatIdVerifyInput) => verifyVatId(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(id) }),
  });
}
