import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SimPanelSettings, UpdateSimPanelInput } from '../../../../../shared/schemas/admin/servers';
import { api } from '../../../../lib/api-client';
import { simPanelKey } from './get-sim-panel';

export function updateSimPanel(input: UpdateSimPanelInput) {
  return api<SimPanelSettings>('/admin/sim-panel', { method: 'PUT', body: input });
}

export function useUpdateSimPanel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSimPanel,
    onSuccess: (settings) => queryClient.setQueryData(simPanelKey, settings),
  });
}
