import { HttpError } from '../../lib/errors';
import type { Locale } from '../../../shared/i18n/locales';
import { appLink, sendAuthEmail } from './auth.emails';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './auth.repository';
import { invalidToken, isAdminEmail, type AuthDeps } from './auth.service';
import { consumeEmailToken, findOpenEmailToken, issueEmailToken, voidEmailTokens } from './email-tokens';
import { completeFirstVerification } from './first-verification';
import { hashPassword } from './passwords';
import { checkSecondFactor } from './two-factor.service';

/** Emails a one-hour, single-use reset link if the account exists; the caller cannot tell. */
export async function requestPasswordReset(deps: AuthDeps, email: string, requestLocale?: Locale): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await issueEmailToken(deps, { userId: user.id, kind: 'reset' });
  const url = appLink(deps.publicUrl, '/auth/reset-password', token);
  await sendAuthEmail(deps, 'passwordReset', { userId: user.id, to: user.email, url, requestLocale });
}

/**
 * With two-factor on, the emailed link alone (whoever reads the inbox) does not reset the
 * password: the current code, or a recovery code, is needed too. A missing code keeps the link;
 * a wrong one uses it up, so codes cannot be guessed on one link (new links are rate-limited).
 */
async function requireSecondFactor(deps: AuthDeps, user: UserRow, code: string | undefined) {
  if (!code?.trim()) {
    throw new HttpError(
      401,
      'two_factor_required',
      'Two-factor sign-in is on for this account. Enter the 6-digit code from your authenticator app, or a recovery code.',
    );
  }
  try {
    await checkSecondFactor(deps, user, code);
  } catch (error) {
    if (!(error instanceof HttpError) || error.code !== 'invalid_two_factor_code') throw error;
    await voidEmailTokens(deps, user.id, 'reset');
    throw new HttpError(
      401,
      'invalid_two_factor_code',
      'That code is not valid, so this link no longer works. Request a new link and try again with a current code.',
    );
  }
}

/**
 * Sets the new password and signs out every session. Following the link also proves the
 * address: an unverified account becomes verified, with what a first verification clears.
 */
export async function confirmPasswordReset(deps: AuthDeps, token: string, password: string, code?: string, requestLocale?: Locale): Promise<void> {
  const open = await findOpenEmailToken(deps, 'reset', token);
  const owner = open && (await findUserById(deps.db, open.userId));
  if (!owner) throw invalidToken();
  if (owner.emailVerifiedAt && owner.totpEnabledAt) await requireSecondFactor(deps, owner, code);
  const row = await consumeEmailToken(deps, 'reset', token);
  if (!row) throw invalidToken();
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const user =
    (!owner.emailVerifiedAt &&
      (await completeFirstVerification(deps.db, now, owner.id, { passwordHash, admin: isAdminEmail(deps, owner.email) }))) ||
    (await updateUser(deps.db, owner.id, { passwordHash, updatedAt: now }));
  if (!user) throw invalidToken();
  await voidEmailTokens(deps, user.id, 'reset');
  await deps.sessions.revokeAllForUser(user.id);
  await sendAuthEmail(deps, 'passwordChanged', { userId: user.id, to: user.email, url: appLink(deps.publicUrl, '/auth'), requestLocale });
}
