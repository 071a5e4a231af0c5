import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPayment, LocalPayResponse } from '../../../../shared/schemas/checkout';
import { api } from '../../../lib/api-client';
import { localCheckoutQueryKey } from './get-local-checkout';

export function payLocalCheckout(sessionId: string, card: CardPayment) {
  return api<LocalPayResponse>(`/local-checkout/${encodeURIComponent(sessionId)}/pay`, { method: 'POST', body: card });
}

/** Pays the built-in checkout; a decline or a closed session refetches the session's state. */
export function usePayLocalCheckout(sessionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: CardPayment) => payLocalCheckout(sessionId, card),
    onError: () => queryClient.invalidateQueries({ queryKey: localCheckoutQueryKey(sessionId) }),
  });
}
