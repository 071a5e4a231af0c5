import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '../../../../../shared/schemas/affiliate';
import { api } from '../../../../lib/api-client';
import { affiliatePayoutsQueryKey } from './get-affiliate-payouts';

export interface PayoutDecisionInput {
  id: string;
  action: 'approve' | 'reject';
  /** Kept in the audit log. */
  reason: string;
  /** Sent to the affiliate. */
  note?: string;
}

export function decideAffiliatePayout({ id, action, reason, note }: PayoutDecisionInput) {
  return api<Payout>(`/admin/affiliate/payouts/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: note ? { reason, note } : { reason },
  });
}

export function useDecideAffiliatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAffiliatePayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliatePayoutsQueryKey }),
  });
}
