import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface LatestPurchase {
  id: string;
  orderId: string;
  planName: string;
  amountCents: number;
  currency: string;
  status: string;
  createdAt: string;
}

export function useLatestPurchase(enabled: boolean) {
  return useQuery({
    queryKey: ['purchases', 'latest'],
    queryFn: () => api<{ purchase: LatestPurchase | null }>('/purchases/latest'),
    enabled,
  });
}
