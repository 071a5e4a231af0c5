import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember, StaffRoleChangeInput } from '../../../../../shared/schemas/admin/staff';
import { api } from '../../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export function changeStaffRole({ id, ...body }: StaffRoleChangeInput & { id: string }) {
  return api<StaffMember>(`/admin/staff/${encodeURIComponent(id)}`, { method: 'PATCH', body });
}

export function useChangeStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeStaffRole, onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
