import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import type { SessionUser } from '../../../shared/schemas/auth';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { randomString } from '../../lib/secrets';

export type UserRow = typeof users.$inferSelect;

export const sessionUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  totpEnabledAt: users.totpEnabledAt,
};

type SessionUserRow = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'totpEnabledAt'>;

/** `secondFactorPresented`: the session this user is seen through presented a two-factor code. */
export function toSessionUser(row: SessionUserRow, secondFactorPresented = false): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    twoFactorEnabled: row.totpEnabledAt !== null,
    secondFactorPresented: secondFactorPresented && row.totpEnabledAt !== null,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserIdByReferralCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.referralCode, code.trim().toUpperCase()))
    .limit(1);
  return row?.id;
}

const referralAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function generateReferralCode(): string {
  return randomString(8, referralAlphabet);
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  referredByUserId?: string | null;
  role?: UserRow['role'];
  /** The sign-up request's language (cookie, else Accept-Language): see rememberLocale. */
  lastLocale?: Locale | null;
  at: Date;
}

/**
 * Inserts an account with a fresh referral code. Answers undefined when the email is already
 * taken (a concurrent sign-up), and retries the rare referral-code collision.
 */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow | undefined> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const [row] = await db
        .insert(users)
        .values({
          id: user.id,
          email: user.email.toLowerCase(),
          passwordHash: user.passwordHash,
          referralCode: generateReferralCode(),
          referredByUserId: user.referredByUserId ?? null,
          role: user.role ?? 'customer',
          lastLocale: user.lastLocale ?? null,
          createdAt: user.at,
          updatedAt: user.at,
        })
        .onConflictDoNothing({ target: users.email })
        .returning();
      return row;
    } catch (error) {
      if (attempt < 5 && isUniqueViolation(error, 'users_referral_code_unique')) continue;
      throw error;
    }
  }
}

export async function updateUser(db: Db, id: string, values: Partial<Omit<UserRow, 'id' | 'createdAt'>>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Keeps the language the customer last signed in (or up) with, for mail sent later without a
 * request (decision 078). It is not the account's language preference, which stays as the customer
 * set it ("automatic" unless they picked one). A request naming no language we ship changes nothing.
 */
export async function rememberLocale(db: Db, userId: string, locale: Locale | undefined): Promise<void> {
  if (!locale) return;
  await db
    .update(users)
    .set({ lastLocale: locale })
    .where(and(eq(users.id, userId), or(isNull(users.lastLocale), ne(users.lastLocale, locale))));
}
