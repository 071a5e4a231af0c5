import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SlaCreditGrantInput, SlaCreditPreview } from '../../../../../shared/schemas/admin/sla-credits';
import { api } from '../../../../lib/api-client';
import { slaCreditKey } from './get-sla-credit';

/** POST /admin/servers/:id/sla-credit: grants the month's credit to the owner's balance. */
export function grantSlaCredit(id: string, input: SlaCreditGrantInput) {
  return api<SlaCreditPreview>(`/admin/servers/${encodeURIComponent(id)}/sla-credit`, { method: 'POST', body: input });
}

export function useGrantSlaCredit(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SlaCreditGrantInput) => grantSlaCredit(id, input),
    onSuccess: (preview, input) => {
      queryClient.setQueryData(slaCreditKey(id, input.month, input.node ?? ''), preview);
    },
  });
}
