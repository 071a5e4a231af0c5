import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomerActionResponse } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';
import { customerKey } from './get-customer';
import { customersKey } from './get-customers';

/**
 * The help and access actions on one account, one endpoint each:
 * POST /admin/customers/:id/suspend | unsuspend | resend-verification | password-reset |
 * two-factor/disable | sign-out-everywhere.
 */
export type CustomerActionKind =
  | 'suspend'
  | 'unsuspend'
  | 'resend-verification'
  | 'password-reset'
  | 'two-factor/disable'
  | 'sign-out-everywhere';

export function runCustomerAction(id: string, kind: CustomerActionKind, reason?: string) {
  return api<CustomerActionResponse>(`/admin/customers/${encodeURIComponent(id)}/${kind}`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

export function useCustomerAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, reason }: { kind: CustomerActionKind; reason?: string }) => runCustomerAction(id, kind, reason),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerKey(id) });
      await queryClient.invalidateQueries({ queryKey: [...customersKey, 'list'] });
    },
  });
}
