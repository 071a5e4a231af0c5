import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, ProfileUpdateInput } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { accountQueryKey } from './get-account';

export function updateProfile(input: ProfileUpdateInput) {
  return api<Account>('/account', { method: 'PATCH', body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (account) => {
      queryClient.setQueryData(accountQueryKey, account);
      void refreshSession();
    },
  });
}
