import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Cancellation } from '../../../../shared/schemas/billing';
import { api } from '../../../lib/api-client';
import { billingQueryKey } from './get-billing';
import { invoicesQueryKey } from './get-invoices';

export function cancelService(serverId: string) {
  return api<Cancellation>(`/services/${encodeURIComponent(serverId)}/cancel`, { method: 'POST' });
}

/** Cancels at period end; the upcoming bills and the scheduled renewals change with it. */
export function useCancelService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelService,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      ]),
  });
}
