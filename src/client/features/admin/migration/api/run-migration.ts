import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MigrationResult } from '../../../../../shared/schemas/servers';
import { api } from '../../../../lib/api-client';
import { migrationStatusKey } from './get-migration-status';


export function runMigration() {
  return api<MigrationResult>('/admin/migration/run', { method: 'POST' });
}

export function useRunMigration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runMigration,
    onSuccess: async () => {
      // Only refresh the counts if staff have already asked for them.
      if (queryClient.getQueryData(migrationStatusKey)) await queryClient.refetchQueries({ queryKey: migrationStatusKey });
    },
  });
}
