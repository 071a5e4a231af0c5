import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ViewAsResponse } from '../../../../../shared/schemas/admin/customers';
import { api } from '../../../../lib/api-client';
import { refreshSession } from '../../../../lib/session';

/** POST /admin/customers/:id/view-as: the server sets the read-only view's cookie. */
export function startViewAs(id: string, reason: string) {
  return api<ViewAsResponse>(`/admin/customers/${encodeURIComponent(id)}/view-as`, { method: 'POST', body: { reason } });
}

export function useStartViewAs(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => startViewAs(id, reason),
    onSuccess: async () => {
      // From here on the dashboard's queries answer as the customer: drop everything cached.
      queryClient.clear();
      await refreshSession();
    },
  });
}
