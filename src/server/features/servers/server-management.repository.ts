import { and, asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { panelAccounts, serverRestartSchedules, servers, serverUsageSamples, type ServerStatus } from '../../db/schema';
import type { ServerRow } from './server-access';

/** Compare-and-set on the status: answers the row when it moved, null when someone else moved it first. */
export async function moveStatus(db: Db, serverId: string, from: readonly ServerStatus[], to: ServerStatus, at: Date): Promise<ServerRow | null> {
  const [row] = await db
    .update(servers)
    .set({ status: to, updatedAt: at })
    .where(and(eq(servers.id, serverId), inArray(servers.status, [...from])))
    .returning();
  return row ?? null;
}

export async function serverById(db: Db, serverId: string): Promise<ServerRow | null> {
  const [row] = await db.select().from(servers).where(eq(servers.id, serverId));
  return row ?? null;
}

/**
 * Locks the server row for the transaction: work that changes a server (a plan change, a move, its
 * payment) is decided one at a time per server.
 */
export async function lockServer(tx: Tx, serverId: string): Promise<ServerRow | undefined> {
  const [row] = await tx.select().from(servers).where(eq(servers.id, serverId)).for('update');
  return row;
}

/** Servers the panel runs, in the given statuses. */
export function serversIn(db: Db, statuses: readonly ServerStatus[]): Promise<ServerRow[]> {
  return db
    .select()
    .from(servers)
    .where(and(inArray(servers.status, [...statuses]), isNotNull(servers.panelServerId)));
}

export function serversWithAutomaticBackups(db: Db, statuses: readonly ServerStatus[]): Promise<ServerRow[]> {
  return db
    .select()
    .from(servers)
    .where(
      and(
        inArray(servers.status, [...statuses]),
        isNotNull(servers.panelServerId),
        sql`coalesce((${servers.addons} ->> 'automatic-backups')::int, 0) > 0`,
      ),
    );
}

export async function restartScheduleOf(db: Db, serverId: string): Promise<string | null> {
  const [row] = await db.select().from(serverRestartSchedules).where(eq(serverRestartSchedules.serverId, serverId));
  return row?.restartAt ?? null;
}

export async function saveRestartSchedule(db: Db, serverId: string, restartAt: string | null, lastRunAt: Date, at: Date): Promise<void> {
  if (restartAt === null) {
    await db.delete(serverRestartSchedules).where(eq(serverRestartSchedules.serverId, serverId));
    return;
  }
  await db
    .insert(serverRestartSchedules)
    .values({ serverId, restartAt, lastRunAt, updatedAt: at })
    .onConflictDoUpdate({ target: serverRestartSchedules.serverId, set: { restartAt, lastRunAt, updatedAt: at } });
}

export function allRestartSchedules(db: Db) {
  return db
    .select({ schedule: serverRestartSchedules, server: servers })
    .from(serverRestartSchedules)
    .innerJoin(servers, eq(servers.id, serverRestartSchedules.serverId));
}

/** Claims the slot for this run: true once per slot, however many runs race. */
export async function claimRestartSlot(db: Db, serverId: string, slot: Date): Promise<boolean> {
  const rows = await db
    .update(serverRestartSchedules)
    .set({ lastRunAt: slot })
    .where(
      and(
        eq(serverRestartSchedules.serverId, serverId),
        sql`(${serverRestartSchedules.lastRunAt} is null or ${serverRestartSchedules.lastRunAt} < ${slot.toISOString()})`,
      ),
    )
    .returning({ id: serverRestartSchedules.serverId });
  return rows.length > 0;
}

export async function recordUsageSample(db: Db, serverId: string, at: Date, cpuPercent: number, memoryBytes: number): Promise<void> {
  const minute = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await db.insert(serverUsageSamples).values({ serverId, at: minute, cpuPercent, memoryBytes }).onConflictDoNothing();
}

export function usageSamples(db: Db, serverId: string, from: Date) {
  return db
    .select()
    .from(serverUsageSamples)
    .where(and(eq(serverUsageSamples.serverId, serverId), gte(serverUsageSamples.at, from)))
    .orderBy(asc(serverUsageSamples.at));
}

export async function pruneUsageSamples(db: Db, before: Date): Promise<void> {
  await db.delete(serverUsageSamples).where(lt(serverUsageSamples.at, before));
}

/** The panel user that stands for this account, once a server of theirs was provisioned. */
export async function panelAccountOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ id: panelAccounts.panelUserId }).from(panelAccounts).where(eq(panelAccounts.userId, userId));
  return row?.id ?? null;
}
