import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { affiliateQueryKey } from './get-affiliate';

export function joinAffiliate() {
  return api<{ joined: true; joinedAt: string }>('/affiliate/join', { method: 'POST' });
}

export function useJoinAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinAffiliate,
    onSettled: () => queryClient.invalidateQueries({ queryKey: affiliateQueryKey }),
  });
}
