import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerCreditAdjustInput, CustomerCreditResponse } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';
import { customerKey } from './get-customer';

/** POST /admin/customers/:id/credit: give (positive) or take back (negative) credit, with a reason. */
export function adjustCredit(id: string, input: CustomerCreditAdjustInput) {
  return api<CustomerCreditResponse>(`/admin/customers/${encodeURIComponent(id)}/credit`, { method: 'POST', body: input });
}

export function useAdjustCredit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CustomerCreditAdjustInput) => adjustCredit(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKey(id) }),
  });
}
