import { and, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Tx, Executor } from '../../db/client';
import { openPlanChangeStatuses, orders, planChanges, type PlanChangeStatus } from '../../db/schema';

export type PlanChangeRow = typeof planChanges.$inferSelect;

export async function findChange(db: Executor, id: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db.select().from(planChanges).where(eq(planChanges.id, id));
  return row;
}

export async function findChangeByOrder(db: Executor, orderId: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db.select().from(planChanges).where(eq(planChanges.orderId, orderId));
  return row;
}

/** The change under way for a server (at most one, by the partial unique index). */
export async function openChangeOf(db: Executor, serverId: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.serverId, serverId), inArray(planChanges.status, [...openPlanChangeStatuses])));
  return row;
}

/** The newest change that has ended, whatever its outcome. */
export async function lastEndedChangeOf(db: Executor, serverId: string): Promise<PlanChangeRow | undefined> {
  const [row] = await db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.serverId, serverId), notInArray(planChanges.status, [...openPlanChangeStatuses])))
    .orderBy(desc(planChanges.updatedAt))
    .limit(1);
  return row;
}

/**
 * Moves a change on only from the statuses given; answers the new row, or undefined when another
 * worker (or a second request) moved it first.
 */
export async function moveChange(
  db: Executor,
  id: string,
  from: readonly PlanChangeStatus[],
  set: Partial<typeof planChanges.$inferInsert> & { updatedAt: Date },
): Promise<PlanChangeRow | undefined> {
  const [row] = await db
    .update(planChanges)
    .set(set)
    .where(and(eq(planChanges.id, id), inArray(planChanges.status, [...from])))
    .returning();
  return row;
}

/** Changes whose resize may have no job (the process stopped): paid upgrades and applying downgrades. */
export async function changesToResize(db: Executor): Promise<string[]> {
  const rows = await db.select({ id: planChanges.id }).from(planChanges).where(inArray(planChanges.status, ['paid', 'applying']));
  return rows.map((r) => r.id);
}

/** Upgrades paid through a checkout whose payment arrived while nothing finished them. */
export async function paidCheckoutsWaiting(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ orderId: planChanges.orderId })
    .from(planChanges)
    .innerJoin(orders, eq(orders.id, planChanges.orderId))
    .where(and(inArray(planChanges.status, ['awaiting_payment', 'cancelled']), eq(orders.status, 'paid')));
  return rows.flatMap((r) => (r.orderId ? [r.orderId] : []));
}

/** Card charges claimed longer than `before` ago whose outcome was never written. */
export async function staleCharges(db: Executor, before: Date): Promise<PlanChangeRow[]> {
  return db
    .select()
    .from(planChanges)
    .where(and(eq(planChanges.status, 'charging'), lte(planChanges.updatedAt, before)));
}

/** Checkout upgrades whose order expired unpaid: they no longer block a new change. */
export async function expireUnpaidCheckouts(tx: Tx, serverId: string, now: Date): Promise<void> {
  await tx
    .update(planChanges)
    .set({ status: 'cancelled', reason: 'The checkout expired before it was paid.', updatedAt: now })
    .where(
      and(
        eq(planChanges.serverId, serverId),
        eq(planChanges.status, 'awaiting_payment'),
        sql`exists (select 1 from ${orders} o where o.id = ${planChanges.orderId} and o.status <> 'paid' and (o.status = 'expired' or o.expires_at <= ${now.toISOString()}::timestamptz))`,
      ),
    );
}

/** The customer's changes for their servers' cards. */
export async function changesOfUser(db: Executor, userId: string) {
  return db.select().from(planChanges).where(eq(planChanges.userId, userId)).orderBy(desc(planChanges.createdAt)).limit(200);
}
