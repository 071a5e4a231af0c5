import { z } from 'zod';
import type { Db } from '../../db/client';
import { randomToken } from '../../lib/secrets';
import type { Clock, Ids } from '../../lib/runtime';
import { findUserByEmail, insertUser, updateUser } from '../auth/auth.repository';
import { hashPassword } from '../auth/passwords';

export type AdminAccountResult =
  | { outcome: 'promoted'; email: string; wasVerified: boolean }
  | { outcome: 'already_admin'; email: string }
  | { outcome: 'created'; email: string; password: string };

/**
 * `npm run admin:create -- <email>`: makes an existing account admin (and verified: whoever
 * runs the command vouches for it), or creates a verified admin with a one-time password to
 * change after the first sign-in.
 */
export async function createOrPromoteAdmin(deps: { db: Db; clock: Clock; ids: Ids }, rawEmail: string): Promise<AdminAccountResult> {
  const parsed = z.email().safeParse(rawEmail.trim().toLowerCase());
  if (!parsed.success) throw new Error(`"${rawEmail}" is not an email address`);
  const email = parsed.data;
  const now = deps.clock.now();
  const existing = await findUserByEmail(deps.db, email);
  if (existing) {
    if (existing.role === 'admin' && existing.emailVerifiedAt) return { outcome: 'already_admin', email };
    await updateUser(deps.db, existing.id, { role: 'admin', emailVerifiedAt: existing.emailVerifiedAt ?? now, updatedAt: now });
    return { outcome: 'promoted', email, wasVerified: existing.emailVerifiedAt !== null };
  }
  const password = randomToken(15);
  const created = await insertUser(deps.db, { id: deps.ids.uuid(), email, passwordHash: await hashPassword(password), role: 'admin', at: now });
  if (!created) throw new Error(`${email} was created by someone else at the same moment; run the command again`);
  await updateUser(deps.db, created.id, { emailVerifiedAt: now });
  return { outcome: 'created', email, password };
}
