import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffTicketDetail } from '../../../../../shared/schemas/support';
import { api } from '../../../../lib/api-client';
import { staffTicketQueryKey } from './get-staff-ticket';
import { staffTicketsQueryKey } from './get-staff-tickets';

export function replyAsStaff(id: string, body: string) {
  return api<StaffTicketDetail>(`/admin/tickets/${encodeURIComponent(id)}/replies`, { method: 'POST', body: { body } });
}

export function useReplyAsStaff(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyAsStaff(id, body),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(staffTicketQueryKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: [...staffTicketsQueryKey, 'list'] });
    },
  });
}
