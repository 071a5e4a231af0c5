import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrencySettings, ExtraCurrenciesInput } from '../../../../../shared/schemas/admin/settings';
import { api } from '../../../../lib/api-client';

export function saveExtraCurrencies(input: ExtraCurrenciesInput) {
  return api<CurrencySettings>('/admin/settings/extra-currencies', { method: 'PUT', body: input });
}

/** Sets the extra currencies; the currency settings (which list them) are read again. */
export function useSaveExtraCurrencies() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExtraCurrencies,
    onSuccess: (saved) => queryClient.setQueryData(['admin', 'settings', 'currency'], saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['admin', 'settings', 'currency'] }),
  });
}
