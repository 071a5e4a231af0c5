import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout } from '../../../../shared/schemas/affiliate';
import { api } from '../../../lib/api-client';
import { affiliatePayoutsQueryKey } from './get-affiliate-payouts';

export interface PayoutDecisionInput {
  id: string;
  action: 'approve' | 'reject';
  note?: string;
}

export function decideAffiliatePayout({ id, action, note }: PayoutDecisionInput) {
  return api<Payout>(`/admin/affiliate/payouts/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    body: note ? { note } : {},
  });
}

export function useDecideAffiliatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAffiliatePayout,
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliatePayoutsQueryKey }),
  });
}
