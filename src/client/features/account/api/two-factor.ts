import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshSession } from '../../../lib/session';
import { accountQueryKey } from './get-account';

export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  qrSvg: string;
}

export function setupTwoFactor() {
  return api<TwoFactorSetup>('/account/2fa/setup', { method: 'POST', body: {} });
}

export function enableTwoFactor(code: string) {
  return api<{ recoveryCodes: string[] }>('/account/2fa/enable', { method: 'POST', body: { code } });
}

/** Needs the password and a current code: an authenticator code or an unused recovery code. */
export function disableTwoFactor(input: { password: string; code: string }) {
  return api<{ ok: true }>('/account/2fa/disable', { method: 'POST', body: input });
}

/** Enabling and disabling both change what the account and session report. */
export function useTwoFactorMutation<TInput, TResult>(fn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKey });
      void refreshSession();
    },
  });
}
