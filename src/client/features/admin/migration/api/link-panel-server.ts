import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkedPanelServer, LinkPanelServerInput } from '../../../../../shared/schemas/admin/panel-links';
import { api } from '../../../../lib/api-client';
import { panelServersKey } from './get-panel-servers';

export function linkPanelServer(input: LinkPanelServerInput) {
  return api<LinkedPanelServer>('/admin/panel-servers/link', { method: 'POST', body: input });
}

export function useLinkPanelServer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkPanelServer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: panelServersKey }),
  });
}
