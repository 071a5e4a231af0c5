import { HttpError } from '../../lib/errors';
import { appLink, passwordChangedEmail, passwordResetEmail } from './auth.emails';
import { findUserByEmail, updateUser } from './auth.repository';
import { invalidToken, type AuthDeps } from './auth.service';
import { consumeEmailToken, issueEmailToken, voidEmailTokens } from './email-tokens';
import { hashPassword } from './passwords';

/** Emails a one-hour, single-use reset link if the account exists; the caller cannot tell. */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueEmailToken(deps, { userId: user.id, kind: 'reset' });
  const url = appLink(deps.publicUrl, '/auth/reset-password', token);
  await deps.mailer.send({ to: user.email, ...passwordResetEmail(deps.brand, url) });
}

/**
 * Sets the new password and signs out every session. Following the link also proves the
 * address, so an unverified account becomes verified.
 */
export async function confirmPasswordReset(deps: AuthDeps, token: string, password: string): Promise<void> {
  const row = await consumeEmailToken(deps, 'reset', token);
  if (!row) throw invalidToken();
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const user = await updateUser(deps.db, row.userId, { passwordHash, updatedAt: now });
  if (!user) throw new HttpError(400, 'invalid_token', 'This link is invalid or has expired');
  if (!user.emailVerifiedAt) await updateUser(deps.db, user.id, { emailVerifiedAt: now });
  await voidEmailTokens(deps, user.id, 'reset');
  await deps.sessions.revokeAllForUser(user.id);
  await deps.mailer.send({ to: user.email, ...passwordChangedEmail(deps.brand, appLink(deps.publicUrl, '/auth')) });
}
