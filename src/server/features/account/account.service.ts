import type {
  Account,
  AccountSession,
  NotificationSettings,
  PasswordChangeInput,
  Preferences,
  ProfileUpdateInput,
} from '../../../shared/schemas/account';
import { isUniqueViolation } from '../../lib/db-errors';
import { HttpError, notFound } from '../../lib/errors';
import { appLink, sendAuthEmail, invalidToken, consumeEmailToken, issueEmailToken, pendingEmailChange, voidEmailTokens, hashPassword, verifyPassword, type AuthDeps } from '../auth';
import { sendConfirmNewEmail, sendEmailChangedNotice } from './account.emails';
import { emailTaken, findAccount, updateAccount, type AccountRow } from './account.repository';

export type AccountDeps = AuthDeps;

const emailTakenError = () => new HttpError(409, 'email_taken', 'An account with this email already exists', {
  email: 'An account with this email already exists',
});

async function load(deps: AccountDeps, userId: string): Promise<AccountRow> {
  const row = await findAccount(deps.db, userId);
  if (!row) throw notFound('Account not found');
  return row;
}

async function present(deps: AccountDeps, row: AccountRow): Promise<Account> {
  return {
    id: row.id,
    email: row.email,
    pendingEmail: await pendingEmailChange(deps, row.id),
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    twoFactorEnabled: row.totpEnabledAt !== null,
    notifications: row.notifications,
    preferences: row.preferences,
  };
}

export async function getAccount(deps: AccountDeps, userId: string): Promise<Account> {
  return present(deps, await load(deps, userId));
}

/** Saves names now; a new email is only emailed a confirmation link and changes once confirmed. */
export async function updateProfile(deps: AccountDeps, userId: string, input: ProfileUpdateInput): Promise<Account> {
  let row = await load(deps, userId);
  const { firstName, lastName, email } = input;
  if (firstName !== undefined || lastName !== undefined) {
    row = (await updateAccount(deps.db, userId, { firstName, lastName }, deps.clock.now())) ?? row;
  }
  if (email !== undefined && email !== row.email) {
    if (await emailTaken(deps.db, email, userId)) throw emailTakenError();
    const token = await issueEmailToken(deps, { userId, kind: 'email_change', newEmail: email });
    const url = appLink(deps.publicUrl, '/auth/confirm-email', token);
    await sendConfirmNewEmail(deps, userId, url, email);
  } else if (email !== undefined) {
    // Asking for the current address back cancels a pending change.
    await voidEmailTokens(deps, userId, 'email_change');
  }
  return present(deps, row);
}

export async function confirmEmailChange(deps: AccountDeps, token: string): Promise<void> {
  const row = await consumeEmailToken(deps, 'email_change', token);
  if (!row?.newEmail) throw invalidToken();
  const before = await load(deps, row.userId);
  const now = deps.clock.now();
  try {
    await updateAccount(deps.db, row.userId, { email: row.newEmail, emailVerifiedAt: now }, now);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTakenError();
    throw error;
  }
  if (before.email !== row.newEmail) {
    await sendEmailChangedNotice(deps, row.userId, before.email, row.newEmail);
  }
}

/** Needs the current password; keeps this session and signs out every other one. */
export async function changePassword(deps: AccountDeps, userId: string, sessionId: string, input: PasswordChangeInput) {
  const row = await load(deps, userId);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    const message = 'Your current password is incorrect';
    throw new HttpError(400, 'invalid_password', message, { currentPassword: message });
  }
  await updateAccount(deps.db, userId, { passwordHash: await hashPassword(input.newPassword) }, deps.clock.now());
  await deps.sessions.revokeAllForUser(userId, sessionId);
  await voidEmailTokens(deps, userId, 'reset');
  await sendAuthEmail(deps, 'passwordChanged', { userId, to: row.email, url: appLink(deps.publicUrl, '/auth') });
}

export async function saveNotifications(deps: AccountDeps, userId: string, notifications: NotificationSettings) {
  const row = await updateAccount(deps.db, userId, { notifications }, deps.clock.now());
  if (!row) throw notFound('Account not found');
  return row.notifications;
}

export async function savePreferences(deps: AccountDeps, userId: string, preferences: Preferences) {
  // The header's currency picker keeps its choice beside these (decision 063): kept, not dropped.
  const current = (await findAccount(deps.db, userId))?.preferences as Record<string, unknown> | undefined;
  const kept = typeof current?.currency === 'string' ? { currency: current.currency } : {};
  const row = await updateAccount(deps.db, userId, { preferences: { ...kept, ...preferences } }, deps.clock.now());
  if (!row) throw notFound('Account not found');
  return row.preferences;
}

export async function listSessions(deps: AccountDeps, userId: string, currentSessionId: string): Promise<AccountSession[]> {
  const rows = await deps.sessions.listActive(userId);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    userAgent: s.userAgent,
    ip: s.ip,
    current: s.id === currentSessionId,
  }));
}

const uuidShape = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function deleteSession(deps: AccountDeps, userId: string, sessionId: string): Promise<void> {
  const deleted = uuidShape.test(sessionId) && (await deps.sessions.revokeOwned(userId, sessionId));
  if (!deleted) throw notFound('Session not found');
}
