import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminIncident, IncidentUpdate } from '../../../../../shared/schemas/status';
import { api } from '../../../../lib/api-client';
import { incidentsQueryKey } from './get-incidents';

/** POST /api/admin/incidents/:id/updates: a new message and state. */
export function updateIncident({ id, ...input }: IncidentUpdate & { id: string }) {
  return api<AdminIncident>(`/admin/incidents/${id}/updates`, { method: 'POST', body: input });
}

export function useUpdateIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIncident,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: incidentsQueryKey }), queryClient.invalidateQueries({ queryKey: ['status'] })]),
  });
}
