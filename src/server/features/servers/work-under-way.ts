import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { openPlanChangeStatuses, openRegionMoveStatuses, openSoftwareSwitchStatuses, planChanges, regionMoves, softwareSwitches } from '../../db/schema';


/**
 * Work that rebuilds a server's panel server: a region move (which deletes the old one) and a
 * software switch (which reinstalls it). A plan change, a move and a switch refuse to start while
 * another of them is under way; each asks here, under the server's row lock where it has one.
 */
export async function moveUnderWay(db: Executor, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: regionMoves.id })
    .from(regionMoves)
    .where(and(eq(regionMoves.serverId, serverId), inArray(regionMoves.status, [...openRegionMoveStatuses])))
    .limit(1);
  return row !== undefined;
}

export async function switchUnderWay(db: Executor, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: softwareSwitches.id })
    .from(softwareSwitches)
    .where(and(eq(softwareSwitches.serverId, serverId), inArray(softwareSwitches.status, [...openSoftwareSwitchStatuses])))
    .limit(1);
  return row !== undefined;
}

/** A plan change open on the server (being paid, resizing, or a downgrade waiting for the renewal): a move waits for it. */
export async function changeUnderWay(db: Executor, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: planChanges.id })
    .from(planChanges)
    .where(and(eq(planChanges.serverId, serverId), inArray(planChanges.status, [...openPlanChangeStatuses])))
    .limit(1);
  return row !== undefined;
}
