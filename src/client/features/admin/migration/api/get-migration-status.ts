import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MigrationStatus } from '../../../../../shared/schemas/servers';
import { api } from '../../../../lib/api-client';


export const migrationStatusKey = ['admin', 'migration', 'status'] as const;

export function getMigrationStatus(signal?: AbortSignal) {
  return api<MigrationStatus>('/admin/migration/status', { signal });
}

export function migrationStatusQueryOptions() {
  return queryOptions({ queryKey: migrationStatusKey, queryFn: ({ signal }) => getMigrationStatus(signal), retry: false });
}

/** Fetched only when staff press Check Status (the spec shows the status after a check). */
export function useMigrationStatus() {
  return useQuery({ ...migrationStatusQueryOptions(), enabled: false });
}
