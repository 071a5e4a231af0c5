import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailTokens, users } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import { randomToken, sha256Hex } from '../../lib/secrets';

export type EmailTokenKind = 'verify' | 'reset' | 'email_change';

export const emailTokenLifetimeMs: Record<EmailTokenKind, number> = {
  verify: 24 * 60 * 60_000,
  reset: 60 * 60_000,
  email_change: 24 * 60 * 60_000,
};

interface Deps {
  db: Db;
  clock: Clock;
  ids: Ids;
}

/** What a verify link is bound to: the password hash of the account when the link was issued. */
export function passwordFingerprint(passwordHash: string): string {
  return sha256Hex(`verify:${passwordHash}`);
}

/**
 * Creates a single-use link token and answers it in clear (only its hash is stored). A new
 * reset or email-change link replaces the user's earlier ones of that kind. A verify link
 * carries the fingerprint of the account's current password (see passwordFingerprint).
 */
export async function issueEmailToken(
  deps: Deps,
  options: { userId: string; kind: EmailTokenKind; newEmail?: string },
): Promise<string> {
  const now = deps.clock.now();
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    let fingerprint: string | null = null;
    if (options.kind === 'verify') {
      const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, options.userId)).limit(1);
      fingerprint = user ? passwordFingerprint(user.passwordHash) : null;
    } else {
      await tx
        .update(emailTokens)
        .set({ usedAt: now })
        .where(and(eq(emailTokens.userId, options.userId), eq(emailTokens.kind, options.kind), isNull(emailTokens.usedAt)));
    }
    await tx.insert(emailTokens).values({
      id: deps.ids.uuid(),
      userId: options.userId,
      kind: options.kind,
      tokenHash: sha256Hex(token),
      newEmail: options.newEmail ?? null,
      passwordFingerprint: fingerprint,
      expiresAt: new Date(now.getTime() + emailTokenLifetimeMs[options.kind]),
      createdAt: now,
    });
  });
  return token;
}

/** Marks the token used and answers its row, atomically; undefined if unknown, used or expired. */
export async function consumeEmailToken(deps: Omit<Deps, 'ids'>, kind: EmailTokenKind, token: string) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256Hex(token)),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** An open (unused, unexpired) token of a kind, without using it up; undefined otherwise. */
export async function findOpenEmailToken(deps: Omit<Deps, 'ids'>, kind: EmailTokenKind, token: string) {
  const now = deps.clock.now();
  const [row] = await deps.db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, sha256Hex(token)), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt), gt(emailTokens.expiresAt, now)))
    .limit(1);
  return row;
}

/** Voids every open token of a kind, e.g. all reset links once the password has been reset. */
export async function voidEmailTokens(deps: Omit<Deps, 'ids'>, userId: string, kind: EmailTokenKind) {
  await deps.db
    .update(emailTokens)
    .set({ usedAt: deps.clock.now() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

/** The new address of the user's open email change, if any. */
export async function pendingEmailChange(deps: Omit<Deps, 'ids'>, userId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ newEmail: emailTokens.newEmail })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.kind, 'email_change'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}
