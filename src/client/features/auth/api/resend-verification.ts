import { api } from '../../../lib/api-client';

export function resendVerification(email: string) {
  return api<{ ok: true }>('/auth/resend-verification', { method: 'POST', body: { email } });
}
