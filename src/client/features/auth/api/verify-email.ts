import { api } from '../../../lib/api-client';

export function verifyEmail(token: string) {
  return api<{ ok: true }>('/auth/verify-email', { method: 'POST', body: { token } });
}
