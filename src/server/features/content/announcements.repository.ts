import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { announcementDismissals, announcements, servers } from '../../db/schema';

export type AnnouncementRow = typeof announcements.$inferSelect;

/** Every announcement, newest start first, with how many customers closed it. */
export async function allAnnouncements(db: Executor, limit = 200) {
  return db
    .select({
      row: announcements,
      dismissals: sql<number>`(select count(*) from ${announcementDismissals} where ${announcementDismissals.announcementId} = ${announcements.id})`.mapWith(Number),
    })
    .from(announcements)
    .orderBy(desc(announcements.startsAt), desc(announcements.createdAt))
    .limit(limit);
}

export async function announcementById(db: Executor, id: string): Promise<AnnouncementRow | undefined> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  return row;
}

/** The announcements shown at `now` that `userId` has not closed, newest first. Targeting is decided by the caller. */
export async function liveUndismissed(db: Executor, userId: string, now: Date): Promise<AnnouncementRow[]> {
  return db
    .select({ row: announcements })
    .from(announcements)
    .leftJoin(announcementDismissals, and(eq(announcementDismissals.announcementId, announcements.id), eq(announcementDismissals.userId, userId)))
    .where(and(lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)), isNull(announcementDismissals.userId)))
    .orderBy(desc(announcements.startsAt))
    .then((rows) => rows.map((r) => r.row));
}

/** The games and locations of the customer's servers that are not deleted or cancelled. */
export async function serverTargets(db: Executor, userId: string): Promise<{ games: Set<string>; locations: Set<string> }> {
  const rows = await db
    .selectDistinct({ game: servers.game, location: servers.location })
    .from(servers)
    .where(and(eq(servers.userId, userId), isNull(servers.deletedAt), sql`${servers.status} <> 'cancelled'`));
  return { games: new Set(rows.map((r) => r.game)), locations: new Set(rows.map((r) => r.location)) };
}

export async function insertDismissal(db: Executor, announcementId: string, userId: string, at: Date) {
  await db.insert(announcementDismissals).values({ announcementId, userId, dismissedAt: at }).onConflictDoNothing();
}

export async function deleteAnnouncements(db: Executor, ids: string[]) {
  if (ids.length) await db.delete(announcements).where(inArray(announcements.id, ids));
}
