import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordChangeInput } from '../../../../shared/schemas/account';
import { api } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export function changePassword(input: PasswordChangeInput) {
  return api<{ ok: true }>('/account/password', { method: 'POST', body: input });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
