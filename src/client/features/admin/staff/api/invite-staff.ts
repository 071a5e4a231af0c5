import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInviteInput, StaffInviteResponse } from '../../../../../shared/schemas/admin/staff';
import { api } from '../../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export function inviteStaff(input: StaffInviteInput) {
  return api<StaffInviteResponse>('/admin/staff/invitations', { method: 'POST', body: input });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: inviteStaff, onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
