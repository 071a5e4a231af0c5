import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PlanChangeChoice, PlanChangeQuote } from '../../../../shared/schemas/plan-changes';
import { api } from '../../../lib/api-client';

export type { PlanChangeQuote };

export function quotePlanChange(id: string, choice: PlanChangeChoice, signal?: AbortSignal) {
  return api<PlanChangeQuote>(`/servers/${encodeURIComponent(id)}/plan-change/quote`, { method: 'POST', body: choice, signal });
}

/** The server's price of changing to `choice` (null: nothing chosen yet). Not under 'servers': a live notice need not reprice it. */
export function usePlanChangeQuote(id: string, choice: PlanChangeChoice | null) {
  return useQuery({
    queryKey: ['plan-change-quote', id, choice] as const,
    queryFn: ({ signal }) => quotePlanChange(id, choice!, signal),
    enabled: choice !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
