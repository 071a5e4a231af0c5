import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminOrderDetail } from '../../../../../shared/schemas/admin/orders';
import { api, ApiError } from '../../../../lib/api-client';
import { adminOrdersKey } from './get-admin-orders';

export const adminOrderKey = (id: string) => [...adminOrdersKey, 'detail', id] as const;

/** GET /admin/orders/:id: the order page, with its payment, refunds and what may still be refunded. */
export function getAdminOrder(id: string, signal?: AbortSignal) {
  return api<AdminOrderDetail>(`/admin/orders/${encodeURIComponent(id)}`, { signal });
}

export function adminOrderQueryOptions(id: string) {
  return queryOptions({
    queryKey: adminOrderKey(id),
    queryFn: ({ signal }) => getAdminOrder(id, signal),
    // A missing order stays missing; asking again only delays the answer.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
}

export function useAdminOrder(id: string) {
  return useQuery(adminOrderQueryOptions(id));
}
