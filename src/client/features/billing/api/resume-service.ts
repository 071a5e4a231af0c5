import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingQueryKey } from './get-billing';
import { invoicesQueryKey } from './get-invoices';

export function resumeService(serverId: string) {
  return api<void>(`/services/${encodeURIComponent(serverId)}/cancel`, { method: 'DELETE' });
}

/** Withdraws a cancellation: the service is back among the upcoming bills. */
export function useResumeService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeService,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: billingQueryKey }),
        queryClient.invalidateQueries({ queryKey: invoicesQueryKey }),
      ]),
  });
}
