import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxRate, TaxRateInput } from '../../../../../shared/schemas/admin/settings';
import { api } from '../../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export function updateTaxRate({ id, input }: { id: string; input: TaxRateInput }) {
  return api<TaxRate>(`/admin/settings/tax-rates/${encodeURIComponent(id)}`, { method: 'PUT', body: input });
}

export function useUpdateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTaxRate, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}
