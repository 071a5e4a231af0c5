import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewTicket, TicketDetail } from '../../../../shared/schemas/support';
import { api } from '../../../lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { ticketsQueryKey } from './get-tickets';

export function createTicket(input: NewTicket) {
  return api<TicketDetail>('/tickets', { method: 'POST', body: input });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketQueryKey(ticket.id), ticket);
      await queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey, 'list'] });
      await queryClient.invalidateQueries({ queryKey: ['overview'] });
    },
  });
}
