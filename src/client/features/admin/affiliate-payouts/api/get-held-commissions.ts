import { queryOptions, useQuery } from '@tanstack/react-query';
import type { HeldCommission } from '../../../../../shared/schemas/affiliate';
import { api } from '../../../../lib/api-client';

export const heldCommissionsQueryKey = ['admin-held-commissions'] as const;

export function getHeldCommissions(signal?: AbortSignal) {
  return api<HeldCommission[]>('/admin/affiliate/commissions/held', { signal });
}

export function heldCommissionsQueryOptions() {
  return queryOptions({ queryKey: heldCommissionsQueryKey, queryFn: ({ signal }) => getHeldCommissions(signal), retry: false });
}

export function useHeldCommissions() {
  return useQuery(heldCommissionsQueryOptions());
}
