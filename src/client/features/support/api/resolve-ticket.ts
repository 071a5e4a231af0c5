import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketDetail } from '../../../../shared/schemas/support';
import { api } from '../../../lib/api-client';
import { ticketQueryKey } from './get-ticket';
import { ticketsQueryKey } from './get-tickets';

export function resolveTicket(id: string) {
  return api<TicketDetail>(`/tickets/${encodeURIComponent(id)}/resolve`, { method: 'POST' });
}

export function useResolveTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => resolveTicket(id),
    onSuccess: async (ticket) => {
      queryClient.setQueryData(ticketQueryKey(id), ticket);
      await queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey, 'list'] });
    },
  });
}
