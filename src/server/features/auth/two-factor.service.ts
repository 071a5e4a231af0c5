import { and, eq, isNull, lt, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import { users } from '../../db/schema';
import { HttpError, notFound } from '../../lib/errors';
import type { Locale } from '../../../shared/i18n/locales';
import { sendAuthEmail } from './auth.emails';
import { findUserById, updateUser, type UserRow } from './auth.repository';
import type { AuthDeps } from './auth.service';
import { verifyPassword } from './passwords';
import { consumeRecoveryCode, deleteRecoveryCodes, looksLikeRecoveryCode, replaceRecoveryCodes } from './recovery-codes';
import { generateTotpSecret, otpauthUrl, verifyTotp } from './totp';
import { getBrand } from '../brand';

const invalidCode = () =>
  new HttpError(401, 'invalid_two_factor_code', 'That code is not valid. Try again, or use one of your recovery codes.');

/** Records the accepted step, unless a request already used it or a later one (replay). */
async function claimStep(deps: AuthDeps, userId: string, step: number): Promise<boolean> {
  const claimed = await deps.db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** The second sign-in step: a current authenticator code, or an unused recovery code. */
export async function checkSecondFactor(deps: AuthDeps, user: UserRow, code: string | undefined): Promise<void> {
  if (!code) {
    throw new HttpError(401, 'two_factor_required', 'Enter the 6-digit code from your authenticator app');
  }
  const compact = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(compact) && user.totpSecret) {
    const step = verifyTotp(deps.secrets.open(user.totpSecret, user.id), compact, deps.clock.now(), user.totpLastStep);
    if (step !== null && (await claimStep(deps, user.id, step))) return;
  } else if (looksLikeRecoveryCode(compact) && (await consumeRecoveryCode(deps.db, deps.clock, user.id, compact))) {
    return;
  }
  throw invalidCode();
}

async function loadUser(deps: AuthDeps, userId: string) {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound('Account not found');
  return user;
}

const alreadyOn = () => new HttpError(409, 'two_factor_enabled', 'Two-factor sign-in is already on');

/** Starts enrolment: a new secret, kept pending until a code from the app confirms it. */
export async function setupTwoFactor(deps: AuthDeps, userId: string) {
  const user = await loadUser(deps, userId);
  if (user.totpEnabledAt) throw alreadyOn();
  const secret = generateTotpSecret();
  await updateUser(deps.db, userId, { totpSecret: deps.secrets.seal(secret, userId), totpLastStep: null, updatedAt: deps.clock.now() });
  // The shop's name as saved now: an authenticator shows it beside the code (new enrolments; existing ones keep their label).
  const url = otpauthUrl({ issuer: (await getBrand(deps.db)).name, account: user.email, secret });
  const qrSvg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauthUrl: url, qrSvg };
}

/**
 * Confirms enrolment with a code. That code counts as this session presenting the second factor;
 * every other session (opened with the password alone) is signed out.
 */
export async function enableTwoFactor(deps: AuthDeps, userId: string, sessionId: string, code: string, requestLocale?: Locale) {
  const user = await loadUser(deps, userId);
  if (user.totpEnabledAt) throw alreadyOn();
  if (!user.totpSecret) {
    throw new HttpError(400, 'two_factor_not_started', 'Start the two-factor setup first');
  }
  const now = deps.clock.now();
  const step = verifyTotp(deps.secrets.open(user.totpSecret, userId), code, now);
  if (step === null) {
    const message = 'That code is not valid. Check the time on your device and try again.';
    throw new HttpError(400, 'invalid_two_factor_code', message, { code: message });
  }
  await updateUser(deps.db, userId, { totpEnabledAt: now, totpLastStep: step, updatedAt: now });
  await deps.sessions.markSecondFactor(sessionId);
  await deps.sessions.revokeAllForUser(userId, sessionId);
  const recoveryCodes = await replaceRecoveryCodes(deps.db, deps, userId);
  await sendAuthEmail(deps, 'twoFactorOn', { userId, to: user.email, requestLocale });
  return { recoveryCodes };
}

/** Needs the password and, while two-factor is on, a current code or a recovery code. */
export async function disableTwoFactor(deps: AuthDeps, userId: string, input: { password: string; code: string }, requestLocale?: Locale) {
  const user = await loadUser(deps, userId);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    const message = 'Your password is incorrect';
    throw new HttpError(400, 'invalid_password', message, { password: message });
  }
  if (user.totpEnabledAt) {
    try {
      await checkSecondFactor(deps, user, input.code);
    } catch (error) {
      if (!(error instanceof HttpError) || error.statusCode !== 401) throw error;
      const message = 'That code is not valid. Enter the current code from your authenticator app, or an unused recovery code.';
      throw new HttpError(400, 'invalid_two_factor_code', message, { code: message });
    }
  }
  await updateUser(deps.db, userId, {
    totpSecret: null,
    totpEnabledAt: null,
    totpLastStep: null,
    updatedAt: deps.clock.now(),
  });
  await deleteRecoveryCodes(deps.db, userId);
  await deps.sessions.clearSecondFactor(userId);
  if (user.totpEnabledAt) await sendAuthEmail(deps, 'twoFactorOff', { userId, to: user.email, requestLocale });
}
