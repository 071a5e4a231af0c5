import { api } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return api<{ ok: true }>('/auth/password-reset', { method: 'POST', body: { email } });
}
