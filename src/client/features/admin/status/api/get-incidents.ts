import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StatusIncident } from '../../../../../shared/schemas/status';
import { api } from '../../../../lib/api-client';

export const incidentsQueryKey = ['admin', 'incidents'] as const;

/** GET /api/admin/incidents: every incident and maintenance notice, newest first. */
export function getIncidents() {
  return api<{ incidents: StatusIncident[] }>('/admin/incidents');
}

export function incidentsQueryOptions() {
  return queryOptions({ queryKey: incidentsQueryKey, queryFn: getIncidents });
}

export function useIncidents() {
  return useQuery(incidentsQueryOptions());
}
