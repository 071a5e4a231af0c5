import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openSoftwareSwitchStatuses, softwareSwitches, type SoftwareSwitchRow, type SoftwareSwitchStatus, type SoftwareSwitchStep } from '../../db/schema';

export async function findSwitch(db: Db, id: string): Promise<SoftwareSwitchRow | null> {
  const [row] = await db.select().from(softwareSwitches).where(eq(softwareSwitches.id, id));
  return row ?? null;
}

export async function latestSwitchOf(db: Db, serverId: string): Promise<SoftwareSwitchRow | null> {
  const [row] = await db
    .select()
    .from(softwareSwitches)
    .where(eq(softwareSwitches.serverId, serverId))
    .orderBy(desc(softwareSwitches.createdAt))
    .limit(1);
  return row ?? null;
}

export async function openSwitchIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: softwareSwitches.id })
    .from(softwareSwitches)
    .where(inArray(softwareSwitches.status, [...openSoftwareSwitchStatuses]));
  return rows.map((r) => r.id);
}

/**
 * Moves a switch on only from the status and step it was read at: of two workers running the same
 * step (a resumed job beside a slow one), one moves it and the other sees null and stops.
 */
export async function moveSwitch(
  db: Pick<Db, 'update'>,
  row: Pick<SoftwareSwitchRow, 'id' | 'status' | 'step'>,
  set: Partial<Omit<SoftwareSwitchRow, 'id' | 'serverId' | 'userId'>> & { updatedAt: Date },
): Promise<SoftwareSwitchRow | null> {
  const [moved] = await db
    .update(softwareSwitches)
    .set(set)
    .where(and(eq(softwareSwitches.id, row.id), eq(softwareSwitches.status, row.status as SoftwareSwitchStatus), eq(softwareSwitches.step, row.step as SoftwareSwitchStep)))
    .returning();
  return moved ?? null;
}
