import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Payout, PayoutRequest } from '../../../../shared/schemas/affiliate';
import { api } from '../../../lib/api-client';
import { affiliateQueryKey } from './get-affiliate';

export function requestPayout(input: PayoutRequest) {
  return api<Payout>('/affiliate/payouts', { method: 'POST', body: input });
}

/** Credit lands in the account balance, so billing's queries are refreshed too. */
export function useRequestPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPayout,
    onSettled: async (payout) => {
      await queryClient.invalidateQueries({ queryKey: affiliateQueryKey });
      if (payout?.method === 'credit') await queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
