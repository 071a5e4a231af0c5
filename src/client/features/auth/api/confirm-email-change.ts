import { api } from '../../../lib/api-client';

export function confirmEmailChange(token: string) {
  return api<{ ok: true }>('/account/confirm-email', { method: 'POST', body: { token } });
}
