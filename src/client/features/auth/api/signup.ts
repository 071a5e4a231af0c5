import type { SignupInput } from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api-client';

export function signup(input: SignupInput) {
  return api<{ ok: true }>('/auth/signup', { method: 'POST', body: input });
}
