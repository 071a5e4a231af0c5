import { api } from '../../../lib/api-client';

/** `returnTo`: the page the new link goes back to once the email is verified. */
export function resendVerification(email: string, returnTo?: string) {
  return api<{ ok: true }>('/auth/resend-verification', { method: 'POST', body: { email, ...(returnTo ? { returnTo } : {}) } });
}
