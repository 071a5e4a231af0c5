import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminIncident } from '../../../../../shared/schemas/status';
import { api } from '../../../../lib/api-client';

export const incidentsQueryKey = ['admin', 'incidents'] as const;

/** GET /api/admin/incidents: every incident and maintenance notice, newest first. */
export function getIncidents() {
  return api<{ incidents: AdminIncident[] }>('/admin/incidents');
}

/** While a notice's emails are going out, asked again every few seconds, so the count fills in. */
export const EMAILING_REFRESH_MS = 3_000;

export function incidentsQueryOptions() {
  return queryOptions({
    queryKey: incidentsQueryKey,
    queryFn: getIncidents,
    refetchInterval: (query) => (query.state.data?.incidents.some((i) => i.emailing) ? EMAILING_REFRESH_MS : false),
  });
}

export function useIncidents() {
  return useQuery(incidentsQueryOptions());
}
