import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { staffRoles } from '../../../../shared/permissions';
import type { Db } from '../../../db/client';
import { staffInvitations, users } from '../../../db/schema';

export type InvitationRow = typeof staffInvitations.$inferSelect;

const inviter = alias(users, 'inviter');

/** Staff accounts, oldest first, with the time of their newest session on record. */
export function listStaffAccounts(db: Db) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      totpEnabledAt: users.totpEnabledAt,
      createdAt: users.createdAt,
      // Spelled out: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
      lastSignInAt: sql<Date | string | null>`(select max(s.created_at) from sessions s where s.user_id = "users"."id")`,
    })
    .from(users)
    .where(inArray(users.role, [...staffRoles]))
    .orderBy(asc(users.createdAt), asc(users.id));
}

/** Invitations neither accepted nor revoked (expired ones included, so they can be resent). */
export function listOpenInvitations(db: Db) {
  return db
    .select({ invitation: staffInvitations, invitedByEmail: inviter.email })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt));
}

export async function findInvitationWithInviter(db: Db, id: string) {
  const [row] = await db
    .select({ invitation: staffInvitations, invitedByEmail: inviter.email })
    .from(staffInvitations)
    .leftJoin(inviter, eq(inviter.id, staffInvitations.invitedBy))
    .where(eq(staffInvitations.id, id))
    .limit(1);
  return row;
}

/** Locks one invitation for the rest of the transaction. */
export async function lockInvitation(tx: Db, where: { id: string } | { tokenHash: string }) {
  const [row] = await tx
    .select()
    .from(staffInvitations)
    .where('id' in where ? eq(staffInvitations.id, where.id) : eq(staffInvitations.tokenHash, where.tokenHash))
    .for('update')
    .limit(1);
  return row;
}

export async function findInvitationByTokenHash(db: Db, tokenHash: string) {
  const [row] = await db.select().from(staffInvitations).where(eq(staffInvitations.tokenHash, tokenHash)).limit(1);
  return row;
}

/**
 * Locks every admin row, in a fixed order, for the rest of the transaction; answers their ids.
 * Two demotions racing both take these locks, so the second one sees the first one's result
 * (PostgreSQL re-checks `role = 'admin'` on a row it had to wait for) and cannot remove the last admin.
 */
export async function lockAdmins(tx: Db): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
  return rows.map((r) => r.id);
}

export async function lockUser(tx: Db, where: { id: string } | { email: string }) {
  const [row] = await tx
    .select()
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email))
    .for('update')
    .limit(1);
  return row;
}

/** Serialises invitations to one address, so two admins inviting it at once cannot both succeed. */
export async function lockEmail(tx: Db, email: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-invite:${email}`}))`);
}
