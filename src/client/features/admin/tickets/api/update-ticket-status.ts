import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffTicketDetail, TicketStatus } from '../../../../../shared/schemas/support';
import { api } from '../../../../lib/api-client';
import { staffTicketQueryKey } from './get-staff-ticket';
import { staffTicketsQueryKey } from './get-staff-tickets';

export function updateTicketStatus(id: string, status: TicketStatus) {
  return api<StaffTicketDetail>(`/admin/tickets/${encodeURIComponent(id)}`, { method: 'PATCH', body: { status } });
}

export function useUpdateTicketStatus(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TicketStatus) => updateTicketStatus(id, status),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(staffTicketQueryKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: [...staffTicketsQueryKey, 'list'] });
    },
  });
}
