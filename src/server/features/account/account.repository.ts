import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export type AccountRow = typeof users.$inferSelect;
type Changes = Partial<Pick<AccountRow, 'firstName' | 'lastName' | 'email' | 'emailVerifiedAt' | 'passwordHash' | 'notifications' | 'preferences'>>;

export async function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function updateAccount(db: Db, userId: string, changes: Changes, at: Date): Promise<AccountRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: at })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/** True when another account already uses the address. */
export async function emailTaken(db: Db, email: string, exceptUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}
