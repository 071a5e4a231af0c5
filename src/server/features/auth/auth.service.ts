import { and, eq, isNull } from 'drizzle-orm';
import type { LoginInput, SessionUser, SignupInput } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Mailer } from '../../integrations/mail/mailer';
import { HttpError } from '../../lib/errors';
import type { Clock, Ids } from '../../lib/runtime';
import type { SecretBox } from '../../lib/secret-box';
import { appLink, signupAttemptEmail, verificationEmail } from './auth.emails';
import {
  findUserByEmail,
  findUserById,
  findUserIdByReferralCode,
  insertUser,
  toSessionUser,
  updateUser,
  type UserRow,
} from './auth.repository';
import { consumeEmailToken, issueEmailToken, passwordFingerprint, voidEmailTokens } from './email-tokens';
import { completeFirstVerification } from './first-verification';
import { hashPassword, verifyPassword } from './passwords';
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

async function sendVerification(deps: AuthDeps, user: Pick<UserRow, 'id' | 'email'>) {
  const token = await issueEmailToken(deps, { userId: user.id, kind: 'verify' });
  const url = appLink(deps.publicUrl, '/auth/verify', token);
  await deps.mailer.send({ to: user.email, ...verificationEmail(deps.brand, url) });
}

/**
 * A sign-up with a known email. Never verified: this sign-up's password replaces the stored one
 * (which may be a stranger's), earlier links stop working, and the new link vouches for this
 * password only. Verified: a heads-up to the owner, and nothing changes.
 */
async function signupOnExisting(deps: AuthDeps, user: UserRow, passwordHash: string) {
  if (!user.emailVerifiedAt) {
    const [replaced] = await deps.db
      .update(users)
      .set({ passwordHash, updatedAt: deps.clock.now() })
      .where(and(eq(users.id, user.id), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id, email: users.email });
    if (replaced) {
      await voidEmailTokens(deps, user.id, 'verify');
      return sendVerification(deps, replaced);
    }
  }
  await deps.mailer.send({ to: user.email, ...signupAttemptEmail(deps.brand, appLink(deps.publicUrl, '/auth')) });
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
export async function signup(deps: AuthDeps, input: SignupInput, cookieRef?: string): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing) return signupOnExisting(deps, existing, passwordHash);

  const id = deps.ids.uuid();
  const referrer = await findReferrer(deps.db, [input.ref, cookieRef]);
  const user = await insertUser(deps.db, {
    id,
    email: input.email,
    passwordHash,
    referredByUserId: referrer && referrer !== id ? referrer : null,
    at: deps.clock.now(),
  });
  if (user) return sendVerification(deps, user);
  // Lost a race with a concurrent sign-up of the same address.
  const winner = await findUserByEmail(deps.db, input.email);
  if (winner) await signupOnExisting(deps, winner, passwordHash);
}

export async function login(deps: AuthDeps, input: LoginInput, client: ClientInfo) {
  const user = await findUserByEmail(deps.db, input.email);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk) {
    throw new HttpError(401, 'invalid_credentials', 'Invalid email or password');
  }
  if (user.suspendedAt) {
    throw new HttpError(403, 'account_suspended', 'This account is suspended. Contact support if you think this is a mistake.');
  }
  if (!user.emailVerifiedAt) {
    throw new HttpError(
      403,
      'email_not_verified',
      'Please verify your email address before signing in. Check your inbox for the verification link, or request a new one.',
    );
  }
  const secondFactor = user.totpEnabledAt !== null;
  if (secondFactor) await checkSecondFactor(deps, user, input.code);
  if (user.role !== 'admin' && isAdminEmail(deps, user.email)) {
    user.role = 'admin';
    await updateUser(deps.db, user.id, { role: 'admin', updatedAt: deps.clock.now() });
    // A staff role is granted: sessions opened before it was do not carry it on.
    await deps.sessions.revokeAllForUser(user.id);
  }
  const session = await deps.sessions.create(user.id, client, { secondFactor });
  return { user: toSessionUser(user, secondFactor) satisfies SessionUser, session };
}

/**
 * Follows a verify link. It verifies only the password the account had when the link was
 * issued (a later sign-up replaced it, or the link predates binding: invalid), and the first
 * verification ends every session and clears two-factor set up before it.
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<void> {
  const row = await consumeEmailToken(deps, 'verify', token);
  if (!row) throw invalidToken();
  const user = await findUserById(deps.db, row.userId);
  if (!user || !row.passwordFingerprint || row.passwordFingerprint !== passwordFingerprint(user.passwordHash)) throw invalidToken();
  if (user.emailVerifiedAt) return;
  const verified = await completeFirstVerification(deps.db, deps.clock.now(), user.id, {
    expectPasswordHash: user.passwordHash,
    admin: isAdminEmail(deps, user.email),
  });
  if (verified) return;
  // Lost a race: fine if another link verified this same password, not if a sign-up replaced it.
  const now = await findUserById(deps.db, user.id);
  if (!now?.emailVerifiedAt || now.passwordHash !== user.passwordHash) throw invalidToken();
}

/** Sends a new link to an unverified account; answers the same whatever the account state. */
export async function resendVerification(deps: AuthDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.emailVerifiedAt) await sendVerification(deps, user);
}
