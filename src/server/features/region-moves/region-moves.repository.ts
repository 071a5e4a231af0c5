import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  openRegionMoveStatuses,
  openSoftwareSwitchStatuses,
  softwareSwitches,
  regionMoveStepLog,
  regionMoves,
  type RegionMoveStatus,
  type RegionMoveStep,
  type RegionMoveStepStatus,
} from '../../db/schema';

export type RegionMoveRow = typeof regionMoves.$inferSelect;
export type RegionMoveStepRow = typeof regionMoveStepLog.$inferSelect;

export async function findMove(db: Executor, id: string): Promise<RegionMoveRow | undefined> {
  const [row] = await db.select().from(regionMoves).where(eq(regionMoves.id, id));
  return row;
}

/** The move under way for a server (at most one, by the partial unique index). */
export async function openMoveOf(db: Executor, serverId: string): Promise<RegionMoveRow | undefined> {
  const [row] = await db
    .select()
    .from(regionMoves)
    .where(and(eq(regionMoves.serverId, serverId), inArray(regionMoves.status, [...openRegionMoveStatuses])));
  return row;
}

export async function lastEndedMoveOf(db: Executor, serverId: string): Promise<RegionMoveRow | undefined> {
  const [row] = await db
    .select()
    .from(regionMoves)
    .where(and(eq(regionMoves.serverId, serverId), notInArray(regionMoves.status, [...openRegionMoveStatuses])))
    .orderBy(desc(regionMoves.updatedAt))
    .limit(1);
  return row;
}

/**
 * Moves a move on only from the statuses (and step) given: answers the new row, or undefined when
 * another worker moved it first, so each transition happens once.
 */
export async function updateMove(
  db: Executor,
  id: string,
  from: { status: readonly RegionMoveStatus[]; step?: RegionMoveStep | null },
  set: Partial<typeof regionMoves.$inferInsert> & { updatedAt: Date },
): Promise<RegionMoveRow | undefined> {
  const stepCheck = from.step === undefined ? [] : [from.step === null ? undefined : eq(regionMoves.step, from.step)];
  const [row] = await db
    .update(regionMoves)
    .set(set)
    .where(and(eq(regionMoves.id, id), inArray(regionMoves.status, [...from.status]), ...stepCheck))
    .returning();
  return row;
}

/** Whether the server's software is being switched (decision 028's job): a move waits for it. */
export async function hasOpenSwitch(db: Executor, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: softwareSwitches.id })
    .from(softwareSwitches)
    .where(and(eq(softwareSwitches.serverId, serverId), inArray(softwareSwitches.status, [...openSoftwareSwitchStatuses])));
  return !!row;
}

export async function stepsOf(db: Executor, moveId: string): Promise<RegionMoveStepRow[]> {
  return db.select().from(regionMoveStepLog).where(eq(regionMoveStepLog.moveId, moveId));
}

/** Records a step as started (once: a second start keeps the first time). */
export async function startStep(db: Executor, moveId: string, step: RegionMoveStep, at: Date): Promise<void> {
  await db.insert(regionMoveStepLog).values({ moveId, step, status: 'running', startedAt: at }).onConflictDoNothing();
}

export async function endStep(db: Executor, moveId: string, step: RegionMoveStep, status: RegionMoveStepStatus, at: Date, detail: string | null = null): Promise<void> {
  await db
    .insert(regionMoveStepLog)
    .values({ moveId, step, status, detail, startedAt: at, finishedAt: at })
    .onConflictDoUpdate({ target: [regionMoveStepLog.moveId, regionMoveStepLog.step], set: { status, detail, finishedAt: at } });
}

/** Moves a process may have left without a queued job. */
export async function movesUnderWay(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: regionMoves.id }).from(regionMoves).where(inArray(regionMoves.status, ['running', 'rolling_back']));
  return rows.map((r) => r.id);
}

export async function movesOfUser(db: Executor, userId: string): Promise<RegionMoveRow[]> {
  return db.select().from(regionMoves).where(eq(regionMoves.userId, userId)).orderBy(desc(regionMoves.createdAt)).limit(200);
}
