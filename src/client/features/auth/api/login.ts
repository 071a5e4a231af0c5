import { api } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';

export interface LoginInput {
  email: string;
  password: string;
  code?: string;
}

export function login(input: LoginInput) {
  return api<{ user: SessionUser }>('/auth/login', { method: 'POST', body: input });
}
