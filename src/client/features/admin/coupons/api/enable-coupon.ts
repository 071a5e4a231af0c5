import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon } from '../../../../../shared/schemas/admin/coupons';
import { api } from '../../../../lib/api-client';
import { couponsQueryKey } from './get-coupons';

export function enableCoupon({ id }: { id: string }) {
  return api<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}/enable`, { method: 'POST', body: {} });
}

export function useEnableCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: enableCoupon, onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }) });
}
