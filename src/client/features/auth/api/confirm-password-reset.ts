import { api } from '../../../lib/api-client';

/** `code` is asked for when the account has two-factor on: an authenticator code or a recovery code. */
export function confirmPasswordReset(token: string, password: string, code?: string) {
  return api<{ ok: true }>('/auth/password-reset/confirm', { method: 'POST', body: { token, password, ...(code ? { code } : {}) } });
}
