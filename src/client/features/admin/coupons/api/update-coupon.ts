import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponEditInput } from '../../../../../shared/schemas/admin/coupons';
import { api } from '../../../../lib/api-client';
import { couponsQueryKey } from './get-coupons';

export function updateCoupon({ id, ...input }: CouponEditInput & { id: string }) {
  return api<AdminCoupon>(`/admin/coupons/${encodeURIComponent(id)}`, { method: 'PATCH', body: input });
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateCoupon, onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }) });
}
