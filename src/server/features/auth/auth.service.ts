import { and, eq, isNull } from 'drizzle-orm';
import type { LoginInput, SessionUser, SignupInput, VerifyEmailInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { HttpError } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import type { SecretBox } from '../../lib/secret-box';
import type { Locale } from '../../../shared/i18n/locales';
import { isSafeReturnPath } from '../../../shared/return-path';
import { appLink, sendAuthEmail } from './auth.emails';
import {
  findUserByEmail,
  findUserById,
  findUserIdByReferralCode,
  insertUser,
  rememberLocale,
  toSessionUser,
  updateUser,
  type UserRow,
} from './auth.repository';
import { consumeEmailToken, findOpenEmailToken, issueEmailToken, passwordFingerprint, voidEmailTokens } from './email-tokens';
import { completeFirstVerification } from './first-verification';
import { hashPassword, verifyPassword } from './passwords';
import type { AuthRateLimits } from './rate-limits';
import type { ClientInfo, SessionStore } from './sessions';
import { checkSecondFactor } from './two-factor.service';

export interface AuthDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  mailer: Mailer;
  sessions: SessionStore;
  brand: string;
  publicUrl: string;
  /** ADMIN_EMAILS: these addresses get the admin role once verified (at verification and at sign-in). */
  adminEmails?: readonly string[];
  /** Seals two-factor secrets at rest with APP_SECRET (lib/secret-box.ts). */
  secrets: SecretBox;
}

export function isAdminEmail(deps: Pick<AuthDeps, 'adminEmails'>, email: string): boolean {
  return deps.adminEmails?.includes(email.toLowerCase()) ?? false;
}

export const invalidToken = () => new HttpError(400, 'invalid_token', 'This link is invalid or has expired');

const suspended = () =>
  new HttpError(403, 'account_suspended', 'This account is suspended. Contact support if you think this is a mistake.');

/**
 * The link carries the page the sign-up started from (`next`, a path on this site, checked by the
 * schema and again by the verify page), so verifying in another tab or browser still goes back
 * to the configuration the visitor chose.
 */
async function sendVerification(deps: AuthDeps, user: Pick<UserRow, 'id' | 'email'>, requestLocale?: Locale, returnTo?: string) {
  const token = await issueEmailToken(deps, { userId: user.id, kind: 'verify' });
  const link = appLink(deps.publicUrl, '/auth/verify', token);
  const url = returnTo && isSafeReturnPath(returnTo) ? `${link}&next=${encodeURIComponent(returnTo)}` : link;
  await sendAuthEmail(deps, 'verifyEmail', { userId: user.id, to: user.email, url, requestLocale });
}

/**
 * A sign-up with a known email. Never verified: this sign-up's password replaces the stored one
 * (which may be a stranger's), earlier links stop working, and the new link vouches for this
 * password only. Verified: a heads-up to the owner, and nothing changes.
 */
async function signupOnExisting(deps: AuthDeps, user: UserRow, passwordHash: string, requestLocale?: Locale, returnTo?: string) {
  if (!user.emailVerifiedAt) {
    const [replaced] = await deps.db
      .update(users)
      .set({ passwordHash, updatedAt: deps.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id, email: users.email });
    if (replaced) {
      await voidEmailTokens(deps, user.id, 'verify');
      return sendVerification(deps, replaced, requestLocale, returnTo);
    }
  }
  await sendAuthEmail(deps, 'signupAttempt', { userId: user.id, to: user.email, url: appLink(deps.publicUrl, '/auth'), requestLocale });
}

/** The first referral code (body, then cookie) that names an existing account. */
async function findReferrer(db: Db, codes: (string | undefined)[]): Promise<string | undefined> {
  for (const code of codes) {
    if (!code || !/^[A-Za-z0-9]{4,32}$/.test(code)) continue;
    const id = await findUserIdByReferralCode(db, code);
    if (id) return id;
  }
  return undefined;
}

/**
 * Creates an account and emails a verification link. Whether or not the email is taken, the
 * caller sees the same outcome, and the work done (one hash, one email) is the same.
 */
export async function signup(deps: AuthDeps, input: SignupInput, cookieRef?: string, requestLocale?: Locale): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) return signupOnExisting(deps, existing, passwordHash, requestLocale, input.returnTo);

  const id = deps.ids.uuid();
  const referrer = await findReferrer(deps.db, [input.ref, cookieRef]);
  const user = await insertUser(deps.db, {
    id,
    email: input.email,
    passwordHash,
    referredByUserId: referrer && referrer !== id ? referrer : null,
    // Mail sent later without a request (the order, the server ready) speaks it; not a preference (decision 078).
    lastLocale: requestLocale ?? null,
    at: deps.clock.now(),
  });
  if (user) return sendVerification(deps, user, requestLocale, input.returnTo);
  // Lost a race with a concurrent sign-up of the same address.
  const winner = await findUserByEmail(deps.db, input.email);
  if (winner) await signupOnExisting(deps, winner, passwordHash, requestLocale, input.returnTo);
}

export async function login(deps: AuthDeps, input: LoginInput, client: ClientInfo, requestLocale?: Locale) {
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    throw new HttpError(401, 'invalid_credentials', 'Invalid email or password');
  }
  if (user.suspendedAt) throw suspended();
  if (!user.emailVerifiedAt) {
    throw new HttpError(
      403,
      'email_not_verified',
      'Please verify your email address before signing in. Check your inbox for the verification link, or request a new one.',
    );
  }
  const secondFactor = user.totpEnabledAt !== null;
  if (secondFactor) await checkSecondFactor(deps, user, input.code);
  await rememberLocale(deps.db, user.id, requestLocale);
  if (user.role !== 'admin' && isAdminEmail(deps, user.email)) {
    user.role = 'admin';
    await updateUser(deps.db, user.id, { role: 'admin', updatedAt: deps.clock.now() });
    // A staff role is granted: sessions opened before it was do not carry it on.
    await deps.sessions.revokeAllForUser(user.id);
  }
  const session = await deps.sessions.create(user.id, client, { secondFactor });
  return { user: toSessionUser(user, secondFactor) satisfies SessionUser, session };
}

const wrongVerifyPassword = () =>
  new HttpError(
    401,
    'wrong_password',
    'That is not the password this account was signed up with. If you signed up more than once, use the password from your latest sign-up, or sign up again to get a new link.',
  );

/**
 * Follows a verify link with the account's password, and signs the verifier in. The link must be
 * open and bound to the current password (a later sign-up replaced it, or the link predates
 * binding: invalid), and the verifier must know that password: whoever clicks a link they did not
 * ask for (somebody signed up with their address) cannot verify the stranger's password, and signs
 * up again instead, which replaces it. A wrong password keeps the link and is counted like a
 * sign-in. The first verification ends every session and clears two-factor set up before it.
 */
export async function verifyEmail(
  deps: AuthDeps & { limits: AuthRateLimits },
  input: VerifyEmailInput,
  client: ClientInfo & { ip: string },
  requestLocale?: Locale,
) {
  const open = await findOpenEmailToken(deps, 'verify', input.token);
  const user = open && (await findUserById(deps.db, open.userId));
  if (!user || !open.passwordFingerprint || open.passwordFingerprint !== passwordFingerprint(user.passwordHash)) throw invalidToken();
  await deps.limits.check('verifyEmail', client.ip, user.id);
  if (!(await verifyPassword(user.passwordHash, input.password))) throw wrongVerifyPassword();
  await deps.limits.forgive('verifyEmail', client.ip, user.id);
  if (!(await consumeEmailToken(deps, 'verify', input.token))) throw invalidToken();
  const verified =
    !user.emailVerifiedAt &&
    (await completeFirstVerification(deps.db, deps.clock.now(), user.id, {
      expectPasswordHash: user.passwordHash,
      admin: isAdminEmail(deps, user.email),
    }));
  if (!verified) {
    // Lost a race: another link verified this same password (sign in as usual), or a sign-up replaced it.
    const now = await findUserById(deps.db, user.id);
    if (now?.emailVerifiedAt && now.passwordHash === user.passwordHash) {
      throw new HttpError(409, 'already_verified', 'This address is already verified. Sign in with your password.');
    }
    throw invalidToken();
  }
  if (verified.suspendedAt) throw suspended();
  await rememberLocale(deps.db, verified.id, requestLocale);
  // First verification cleared any two-factor, so this session has no second factor to present.
  const session = await deps.sessions.create(verified.id, client, { secondFactor: false });
  return { user: toSessionUser(verified, false) satisfies SessionUser, session };
}

/** Sends a new link to an unverified account; answers the same whatever the account state. */
export async function resendVerification(deps: AuthDeps, email: string, requestLocale?: Locale, returnTo?: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user, requestLocale, returnTo);
}
