import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxRate, TaxRateInput } from '../../../../../shared/schemas/admin/settings';
import { api } from '../../../../lib/api-client';
import { settingsQueryKey } from './get-settings';

export function createTaxRate(input: TaxRateInput) {
  return api<TaxRate>('/admin/settings/tax-rates', { method: 'POST', body: input });
}

export function useCreateTaxRate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTaxRate, onSettled: () => queryClient.invalidateQueries({ queryKey: settingsQueryKey }) });
}
