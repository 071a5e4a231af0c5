import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanChangeRequest, PlanChangeResult } from '../../../../shared/schemas/plan-changes';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export function requestPlanChange(id: string, request: PlanChangeRequest) {
  return api<PlanChangeResult>(`/servers/${encodeURIComponent(id)}/plan-change`, { method: 'POST', body: request });
}

/** Upgrades now or schedules a downgrade; the card and the dialog (both under 'servers') refresh. */
export function useRequestPlanChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PlanChangeRequest) => requestPlanChange(id, request),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: serversKey });
    },
  });
}
