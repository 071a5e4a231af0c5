import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminServerDetail } from '../../../../../shared/schemas/admin/servers';
import type { PowerAction } from '../../../../../shared/schemas/servers';
import { api } from '../../../../lib/api-client';
import { adminServerKey } from './get-admin-server';
import { adminServersKey } from './get-admin-servers';

/**
 * The staff actions on one server, one endpoint each:
 * POST /admin/servers/:id/retry | suspend | unsuspend | power, DELETE /admin/servers/:id.
 */
export type ServerAction =
  | { kind: 'retry'; reason: string }
  | { kind: 'suspend'; reason: string }
  | { kind: 'unsuspend'; reason: string }
  | { kind: 'power'; action: PowerAction; reason: string }
  | { kind: 'delete'; confirmName: string; reason: string };

export function runServerAction(id: string, action: ServerAction) {
  const base = `/admin/servers/${encodeURIComponent(id)}`;
  if (action.kind === 'delete') {
    return api<{ server: AdminServerDetail }>(base, { method: 'DELETE', body: { confirmName: action.confirmName, reason: action.reason } });
  }
  if (action.kind === 'power') {
    return api<{ server: AdminServerDetail }>(`${base}/power`, { method: 'POST', body: { action: action.action, reason: action.reason } });
  }
  return api<{ server: AdminServerDetail }>(`${base}/${action.kind}`, { method: 'POST', body: { reason: action.reason } });
}

export function useServerAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ServerAction) => runServerAction(id, action),
    onSuccess: async ({ server }) => {
      queryClient.setQueryData(adminServerKey(id), server);
      await queryClient.invalidateQueries({ queryKey: [...adminServersKey, 'list'] });
    },
  });
}
