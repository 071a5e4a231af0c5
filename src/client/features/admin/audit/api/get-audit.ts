import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '../../../../../shared/schemas/admin/audit';
import { api } from '../../../../lib/api-client';

export const auditQueryKey = ['admin-audit'] as const;

export interface AuditFilterValues {
  actor?: string;
  action?: string;
  target?: string;
  from?: string;
  to?: string;
}

export function auditQueryString(filters: AuditFilterValues, before?: number): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  if (before) params.set('before', String(before));
  const query = params.toString();
  return query ? `?${query}` : '';
}

export function getAudit(filters: AuditFilterValues, before: number | undefined, signal?: AbortSignal) {
  return api<AuditPage>(`/admin/audit${auditQueryString(filters, before)}`, { signal });
}

/** Pages of the log, newest first; the next page starts below the last seq shown (keyset). */
export function auditQueryOptions(filters: AuditFilterValues) {
  return infiniteQueryOptions({
    queryKey: [...auditQueryKey, 'list', filters],
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}

export function useAudit(filters: AuditFilterValues) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
