import { api } from '../../../lib/api-client';

export function signup(input: { email: string; password: string; ref?: string }) {
  return api<{ ok: true }>('/auth/signup', { method: 'POST', body: input });
}
