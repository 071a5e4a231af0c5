import { api } from '../../../lib/api-client';

export function signOutEverywhere() {
  return api<{ ok: true }>('/auth/logout', { method: 'POST', body: { scope: 'global' } });
}
