import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicStatus } from '../../../../shared/schemas/status';
import { api } from '../../../lib/api-client';

/** GET /api/status: the product's own checks and the incidents staff posted. */
export function getStatus() {
  return api<PublicStatus>('/status');
}

export function statusQueryOptions() {
  return queryOptions({ queryKey: ['status'], queryFn: getStatus });
}

/** Refreshed every minute, as often as the checks run. */
export function useStatus() {
  return useQuery({ ...statusQueryOptions(), refetchInterval: 60_000 });
}
