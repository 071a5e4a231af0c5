import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkRetryInput, BulkRetryResult } from '../../../../../shared/schemas/admin/servers';
import { api } from '../../../../lib/api-client';
import { adminServersKey } from './get-admin-servers';

/** POST /admin/servers/retry-failed: sets the chosen failed servers up again, each audited with the reason. */
export function retryFailedServers(input: BulkRetryInput) {
  return api<BulkRetryResult>('/admin/servers/retry-failed', { method: 'POST', body: input });
}

export function useRetryFailedServers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryFailedServers,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: adminServersKey });
    },
  });
}
