import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCoupon, CouponCreateInput } from '../../../../../shared/schemas/admin/coupons';
import { api } from '../../../../lib/api-client';
import { couponsQueryKey } from './get-coupons';

export function createCoupon(input: CouponCreateInput) {
  return api<AdminCoupon>('/admin/coupons', { method: 'POST', body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSettled: () => queryClient.invalidateQueries({ queryKey: couponsQueryKey }) });
}
