import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recoveryCodes } from '../../db/schema';
import type { Clock, Ids } from '../../lib/runtime';
import { randomString, sha256Hex } from '../../lib/secrets';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: codes are typed from paper.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `xxxxx-xxxxx`: 50 bits each, so a salted sha256 is enough to store them. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomString(5, alphabet)}-${randomString(5, alphabet)}`);
}

export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function hashCode(userId: string, code: string): string {
  return sha256Hex(`${userId}:${normalizeRecoveryCode(code)}`);
}

export function looksLikeRecoveryCode(input: string): boolean {
  return normalizeRecoveryCode(input).length === 10;
}

/** Replaces the user's codes with a new set; answers them in clear, once. */
export async function replaceRecoveryCodes(db: Db, deps: { clock: Clock; ids: Ids }, userId: string): Promise<string[]> {
  const codes = generateRecoveryCodes();
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(
      codes.map((code) => ({ id: deps.ids.uuid(), userId, codeHash: hashCode(userId, code), createdAt: now })),
    );
  });
  return codes;
}

/** Uses up a recovery code; false if it is unknown or was already used. */
export async function consumeRecoveryCode(db: Db, clock: Clock, userId: string, code: string): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(userId, code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function deleteRecoveryCodes(db: Db, userId: string) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
