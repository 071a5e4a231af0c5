import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffRemoveInput } from '../../../../../shared/schemas/admin/staff';
import { api } from '../../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export function removeStaff({ id, ...body }: StaffRemoveInput & { id: string }) {
  return api<{ ok: true }>(`/admin/staff/${encodeURIComponent(id)}`, { method: 'DELETE', body });
}

export function useRemoveStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeStaff, onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
