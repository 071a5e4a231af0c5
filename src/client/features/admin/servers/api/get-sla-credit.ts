import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SlaCreditPreview } from '../../../../../shared/schemas/admin/sla-credits';
import { api } from '../../../../lib/api-client';
import { adminServersKey } from './get-admin-servers';

export const slaCreditsOfServerKey = (id: string) => [...adminServersKey, 'sla-credit', id] as const;
export const slaCreditKey = (id: string, month: string, node: string) => [...slaCreditsOfServerKey(id), month, node] as const;

/** GET /admin/servers/:id/sla-credit?month=YYYY-MM[&node=]: the month measured and the credit the rules give. */
export function getSlaCredit(id: string, month: string, node: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ month });
  if (node) query.set('node', node);
  return api<SlaCreditPreview>(`/admin/servers/${encodeURIComponent(id)}/sla-credit?${query.toString()}`, { signal });
}

export function slaCreditQueryOptions(id: string, month: string, node: string) {
  return queryOptions({
    queryKey: slaCreditKey(id, month, node),
    queryFn: ({ signal }) => getSlaCredit(id, month, node, signal),
    enabled: /^20\d{2}-(0[1-9]|1[0-2])$/.test(month),
    retry: false,
    // Choosing a node keeps the month's figures on screen until the node's arrive.
    placeholderData: keepPreviousData,
  });
}

export function useSlaCredit(id: string, month: string, node: string) {
  return useQuery(slaCreditQueryOptions(id, month, node));
}
