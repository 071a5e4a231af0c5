import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminIncident, IncidentCreate } from '../../../../../shared/schemas/status';
import { api } from '../../../../lib/api-client';
import { incidentsQueryKey } from './get-incidents';

/** POST /api/admin/incidents: posts it; a job then emails the customers in the affected locations. */
export function postIncident(input: IncidentCreate) {
  return api<AdminIncident>('/admin/incidents', { method: 'POST', body: input });
}

export function usePostIncident() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postIncident,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: incidentsQueryKey }), queryClient.invalidateQueries({ queryKey: ['status'] })]),
  });
}
