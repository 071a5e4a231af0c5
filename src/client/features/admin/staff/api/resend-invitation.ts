import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffInviteResponse } from '../../../../../shared/schemas/admin/staff';
import { api } from '../../../../lib/api-client';
import { staffQueryKey } from './get-staff';

export function resendInvitation(id: string) {
  return api<StaffInviteResponse>(`/admin/staff/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {} });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resendInvitation, onSettled: () => queryClient.invalidateQueries({ queryKey: staffQueryKey }) });
}
