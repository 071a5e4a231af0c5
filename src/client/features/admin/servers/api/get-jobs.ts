import { queryOptions, useQuery } from '@tanstack/react-query';
import type { JobsOverview } from '../../../../../shared/schemas/admin/servers';
import { api } from '../../../../lib/api-client';

export const jobsKey = ['admin-jobs'] as const;

export function getJobs(signal?: AbortSignal) {
  return api<JobsOverview>('/admin/jobs', { signal });
}

export function jobsQueryOptions() {
  return queryOptions({
    queryKey: jobsKey,
    queryFn: ({ signal }) => getJobs(signal),
    refetchInterval: 10_000,
  });
}

export function useJobs() {
  return useQuery(jobsQueryOptions());
}
