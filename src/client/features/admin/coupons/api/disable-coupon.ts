import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon } from '../../../../../shared/schemas/admin/coupons';
import { api } from '../../../../lib/api-client';
import { couponsQueryKey } from './get-coupons';

export function disableCoupon({ id, reason }: { id: string; reason: string }) {
  return api<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}/disable`, { method: 'POST', body: { reason } });
}

export function useDisableCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disableCoupon, onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }) });
}
