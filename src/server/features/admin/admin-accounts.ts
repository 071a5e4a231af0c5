import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sessions } from '../../db/schema';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/secrets';
import type { Clock, Ids } from '../../lib/runtime';
import { findUserByEmail, insertUser, updateUser, completeFirstVerification, hashPassword } from '../auth';

export type AdminAccountResult =
  | { outcome: 'promoted'; email: string; wasVerified: true }
  /** The address was never verified: its password (maybe a stranger's) is replaced by this one. */
  | { outcome: 'verified'; email: string; password: string }
  | { outcome: 'already_admin'; email: string }
  | { outcome: 'created'; email: string; password: string };

/**
 * `npm run admin:create -- <email>`: makes an existing verified account admin, or creates a
 * verified admin with a one-time password to change after the first sign-in. An account whose
 * address was never verified was set up by whoever signed up, maybe not the owner: the command
 * vouches for the address, not for that password, so it gets a new one-time password, and its
 * sessions and two-factor go (as at any first verification).
 */
export async function createOrPromoteAdmin(deps: { db: Db; clock: Clock; ids: Ids }, rawEmail: string): Promise<AdminAccountResult> {
  const parsed = z.email().safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) throw new Error(`"${rawEmail}" is not an email address`);
  const email = parsed.data;
  const now = deps.clock.now();
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (existing.role === 'admin' && existing.emailVerifiedAt) return { outcome: 'already_admin', email };
    if (existing.emailVerifiedAt) {
      await updateUser(deps.db, existing.id, { role: 'admin', updatedAt: now });
      // Sessions opened before the role was granted do not carry it on.
      await deps.db.delete(sessions).where(eq(sessions.userId, existing.id));
      return { outcome: 'promoted', email, wasVerified: true };
    }
    const password = randomToken(15);
    const verified = await completeFirstVerification(deps.db, now, existing.id, { passwordHash: await hashPassword(password), admin: true });
    if (!verified) throw new Error(`${email} was verified by someone else at the same moment; run the command again`);
    return { outcome: 'verified', email, password };
  }
  const password = randomToken(15);
  const created = await insertUser(deps.db, { id: deps.ids.uuid(), email, passwordHash: await hashPassword(password), role: 'admin', at: now });
  if (!created) throw new Error(`${email} was created by someone else at the same moment; run the command again`);
  await updateUser(deps.db, created.id, { emailVerifiedAt: now });
  return { outcome: 'created', email, password };
}
