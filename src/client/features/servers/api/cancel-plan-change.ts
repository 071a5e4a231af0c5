import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanChangeView } from '../../../../shared/schemas/plan-changes';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export function cancelPlanChange(id: string) {
  return api<PlanChangeView>(`/servers/${encodeURIComponent(id)}/plan-change`, { method: 'DELETE' });
}

/** Calls off a scheduled downgrade, or an upgrade still waiting for its checkout. */
export function useCancelPlanChange(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelPlanChange(id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: serversKey });
    },
  });
}
