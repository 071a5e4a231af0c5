import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, recoveryCodes, sessions, users } from '../../db/schema';
import type { UserRow } from './auth.repository';

export interface FirstVerificationOptions {
  /** Verify only while the password is still this hash: a verify link vouches for one password. */
  expectPasswordHash?: string;
  /** Set this password in the same step (a reset link, admin:create). */
  passwordHash?: string;
  /** Give the admin role (an ADMIN_EMAILS address, admin:create). */
  admin?: boolean;
}

/**
 * The first verification of an address hands the account to whoever proved it. What was set on
 * it before (sessions, two-factor and its recovery codes, other verify links) came from whoever
 * signed up, who need not own the address, so it all goes, in one transaction. Answers the
 * verified row, or undefined when the account was verified already or its password moved on.
 */
export async function completeFirstVerification(
  db: Db,
  now: Date,
  userId: string,
  options: FirstVerificationOptions = {},
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        emailVerifiedAt: now,
        updatedAt: now,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        ...(options.passwordHash ? { passwordHash: options.passwordHash } : {}),
        ...(options.admin ? { role: 'admin' as const } : {}),
      })
      .where(
        and(
          eq(users.id, userId),
          isNull(users.emailVerifiedAt),
          options.expectPasswordHash ? eq(users.passwordHash, options.expectPasswordHash) : undefined,
        ),
      )
      .returning();
    if (!row) return undefined;
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, 'verify'), isNull(emailTokens.usedAt)));
    return row;
  });
}
