import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SoftwareSwitchRequest, SoftwareSwitchView } from '../../../../shared/schemas/software-switch';
import { api } from '../../../lib/api-client';
import { serversKey } from './get-servers';

export async function requestSoftwareSwitch(id: string, request: SoftwareSwitchRequest) {
  return (await api<{ switch: SoftwareSwitchView }>(`/servers/${encodeURIComponent(id)}/software-switch`, { method: 'POST', body: request })).switch;
}

/** Starts the switch; the card and the dialog (both under 'servers') refresh. */
export function useRequestSoftwareSwitch(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SoftwareSwitchRequest) => requestSoftwareSwitch(id, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: serversKey }),
  });
}
