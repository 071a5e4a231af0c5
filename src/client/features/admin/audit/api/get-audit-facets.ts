import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditFacets } from '../../../../../shared/schemas/admin/audit';
import { api } from '../../../../lib/api-client';
import { auditQueryKey } from './get-audit';

export function getAuditFacets(signal?: AbortSignal) {
  return api<AuditFacets>('/admin/audit/actions', { signal });
}

export function auditFacetsQueryOptions() {
  return queryOptions({ queryKey: [...auditQueryKey, 'facets'], queryFn: ({ signal }) => getAuditFacets(signal) });
}

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions());
}
