import type { VerifyEmailInput } from '../../../../shared/schemas/auth';
import { api } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';

/** Verifies the address with the emailed token and the account's password; signs in. */
export function verifyEmail(input: VerifyEmailInput) {
  return api<{ user: SessionUser }>('/auth/verify-email', { method: 'POST', body: input });
}
