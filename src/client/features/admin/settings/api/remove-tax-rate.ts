import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export function removeTaxRate({ id, reason }: { id: string; reason: string }) {
  return api<{ ok: true }>(`/admin/settings/tax-rates/${encodeURIComponent(id)}`, { method: 'DELETE', body: { reason } });
}

export function useRemoveTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeTaxRate, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}
