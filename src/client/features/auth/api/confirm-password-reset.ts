import { api } from '../../../lib/api-client';

export function confirmPasswordReset(token: string, password: string) {
  return api<{ ok: true }>('/auth/password-reset/confirm', { method: 'POST', body: { token, password } });
}
