import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanChangeOptions } from '../../../../shared/schemas/plan-changes';
import { api } from '../../../lib/api-client';
import { isWorking } from '../plan-change-rules';
import { serversKey } from './get-servers';

export type { PlanChangeOptions };

export function getPlanChangeOptions(id: string, signal?: AbortSignal) {
  return api<PlanChangeOptions>(`/servers/${encodeURIComponent(id)}/plan-change`, { signal });
}

/** Under 'servers', so a live 'servers' notice (payment, resize) refreshes it. */
export function planChangeKey(id: string) {
  return [...serversKey, id, 'plan-change'] as const;
}

export function planChangeQueryOptions(id: string) {
  return queryOptions({ queryKey: planChangeKey(id), queryFn: ({ signal }) => getPlanChangeOptions(id, signal) });
}

/**
 * The plans and add-ons the server can change to, and a change under way. Polled every 2 s while a
 * change is paid for or resized (or while `watching` one), in case a live notice is missed.
 */
export function usePlanChangeOptions(id: string, enabled: boolean, watching = false) {
  return useQuery({
    ...planChangeQueryOptions(id),
    enabled,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (watching || isWorking(query.state.data?.open?.status) || query.state.data?.open?.status === 'awaiting_payment' ? 2_000 : false),
  });
}
