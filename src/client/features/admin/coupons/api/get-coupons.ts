import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCouponList, CouponStatus } from '../../../../../shared/schemas/admin/coupons';
import { api } from '../../../../lib/api-client';

export const couponsQueryKey = ['admin-coupons'] as const;

export interface CouponFilters {
  q?: string;
  status?: CouponStatus;
}

export function getCoupons(filters: CouponFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.status) params.set('status', filters.status);
  const query = params.toString();
  return api<AdminCouponList>(`/admin/coupons${query ? `?${query}` : ''}`, { signal });
}

export function couponsQueryOptions(filters: CouponFilters) {
  return queryOptions({ queryKey: [...couponsQueryKey, filters], queryFn: ({ signal }) => getCoupons(filters, signal) });
}

export function useCoupons(filters: CouponFilters) {
  return useQuery({ ...couponsQueryOptions(filters), placeholderData: (previous) => previous });
}
