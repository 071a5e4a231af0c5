import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface Overview {
  stats: { activeServers: number; spent: { currency: string; cents: number }[]; supportTickets: number; openTickets: number; referrals: number };
  activity: { id: string; kind: string; message: string; createdAt: string }[];
}

export function useOverview() {
  return useQuery({ queryKey: ['overview'], queryFn: () => api<Overview>('/overview') });
}
