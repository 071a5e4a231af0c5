import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '../../../../shared/schemas/support';
import { api } from '../../../lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { ticketsQueryKey } from './get-tickets';

export function replyToTicket(id: string, body: string) {
  return api<TicketDetail>(`/tickets/${encodeURIComponent(id)}/replies`, { method: 'POST', body: { body } });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyToTicket(id, body),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketQueryKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey, 'list'] });
    },
  });
}
