import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { games, locations, servers, serverShares, users } from '../../db/schema';

export type ShareRow = typeof serverShares.$inferSelect;

export function displayName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** A server's shares with the name of whoever accepted, oldest first. */
export function sharesOfServer(db: Db, serverId: string) {
  return db
    .select({ share: serverShares, firstName: users.firstName, lastName: users.lastName })
    .from(serverShares)
    .leftJoin(users, eq(users.id, serverShares.userId))
    .where(eq(serverShares.serverId, serverId))
    .orderBy(asc(serverShares.invitedAt), asc(serverShares.id));
}

export async function shareById(db: Db, serverId: string, shareId: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(serverShares).where(and(eq(serverShares.serverId, serverId), eq(serverShares.id, shareId)));
  return row ?? null;
}

export async function shareByTokenHash(db: Db, tokenHash: string): Promise<ShareRow | null> {
  const [row] = await db.select().from(serverShares).where(eq(serverShares.tokenHash, tokenHash));
  return row ?? null;
}

export async function userByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function userById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}


/** Servers shared with the user and accepted, with the owner's name; cancelled and deleted ones left out. */
export function acceptedSharesOf(db: Db, userId: string) {
  return db
    .select({
      share: serverShares,
      server: servers,
      gameName: games.name,
      locationLabel: locations.label,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
      ownerEmail: users.email,
    })
    .from(serverShares)
    .innerJoin(servers, eq(servers.id, serverShares.serverId))
    .innerJoin(users, eq(users.id, servers.userId))
    .leftJoin(games, eq(games.slug, servers.game))
    .leftJoin(locations, eq(locations.value, servers.location))
    .where(and(eq(serverShares.userId, userId), isNotNull(serverShares.acceptedAt), isNull(servers.deletedAt)))
    .orderBy(asc(servers.name), asc(servers.id));
}

/** Invitations to this address not yet accepted nor expired. */
export function pendingInvitesFor(db: Db, email: string, now: Date) {
  return db
    .select({
      share: serverShares,
      serverName: servers.name,
      gameName: games.name,
      game: servers.game,
      ownerFirst: users.firstName,
      ownerLast: users.lastName,
      ownerEmail: users.email,
    })
    .from(serverShares)
    .innerJoin(servers, eq(servers.id, serverShares.serverId))
    .innerJoin(users, eq(users.id, servers.userId))
    .leftJoin(games, eq(games.slug, servers.game))
    .where(and(eq(serverShares.email, email.toLowerCase()), isNull(serverShares.acceptedAt), gt(serverShares.expiresAt, now), isNull(servers.deletedAt)))
    .orderBy(asc(serverShares.invitedAt));
}
