import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Account, Preferences } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';
import { accountQueryKey } from './get-account';

export function updatePreferences(input: Preferences) {
  return api<Preferences>('/account/preferences', { method: 'PUT', body: input });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (preferences) =>
      queryClient.setQueryData<Account>(accountQueryKey, (a) => (a ? { ...a, preferences } : a)),
  });
}
