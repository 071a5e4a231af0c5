import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewedCommission } from '../../../../../shared/schemas/affiliate';
import { api } from '../../../../lib/api-client';
import { heldCommissionsQueryKey } from './get-held-commissions';

export interface CommissionReviewInput {
  id: string;
  action: 'release' | 'void';
  /** Kept in the audit log. */
  reason: string;
}

export function reviewHeldCommission({ id, action, reason }: CommissionReviewInput) {
  return api<ReviewedCommission>(`/admin/affiliate/commissions/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: { reason } });
}

export function useReviewHeldCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewHeldCommission,
    onSettled: () => queryClient.invalidateQueries({ queryKey: heldCommissionsQueryKey }),
  });
}
