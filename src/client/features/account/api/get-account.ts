import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';

export const accountQueryKey = ['account'] as const;

export function getAccount() {
  return api<Account>('/account');
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountQueryKey, queryFn: getAccount });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
