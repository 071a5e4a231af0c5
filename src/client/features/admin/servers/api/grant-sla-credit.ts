import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlaCreditGrantInput, SlaCreditPreview } from '../../../../../shared/schemas/admin/sla-credits';
import { api } from '../../../../lib/api-client';
import { customerKey } from '../../customers/api/get-customer';
import { slaCreditKey, slaCreditsOfServerKey } from './get-sla-credit';

/** POST /admin/servers/:id/sla-credit: grants the month's credit to the owner's balance. */
export function grantSlaCredit(id: string, input: SlaCreditGrantInput) {
  return api<SlaCreditPreview>(`/admin/servers/${encodeURIComponent(id)}/sla-credit`, { method: 'POST', body: input });
}

/**
 * The grant changes the month's answer for every node choice of this server (all now say granted)
 * and the owner's balance and ledger on the staff customer page.
 */
export function useGrantSlaCredit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlaCreditGrantInput) => grantSlaCredit(id, input),
    onSuccess: async (preview, input) => {
      queryClient.setQueryData(slaCreditKey(id, input.month, input.node ?? ''), preview);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: slaCreditsOfServerKey(id) }),
        queryClient.invalidateQueries({ queryKey: customerKey(preview.userId) }),
      ]);
    },
  });
}
