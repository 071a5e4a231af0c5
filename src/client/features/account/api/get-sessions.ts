import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';

export const sessionsQueryKey = ['account', 'sessions'] as const;

export function getSessions() {
  return api<AccountSession[]>('/account/sessions');
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions });
}
