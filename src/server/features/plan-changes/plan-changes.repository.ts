import { and, count, desc, eq, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Tx, Executor } from '../../db/client';
import {
  openPlanChangeStatuses,
  orders,
  planChanges,
  regionMoves,
  renewals,
  serviceCancellations,
  servers,
  servicePriceChanges,
  type PlanChangeStatus,
} from '../../db/schema';

export type PlanChangeRow = typeof planChanges.$inferSelect;
export type ServerRow = typeof servers.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;

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

/** The server and the order that bought it (its billing period, anchor, price basis and coupon). */
export async function serverWithOrder(db: Executor, serverId: string) {
  const [row] = await db
    .select({ server: servers, order: orders, cancelAt: serviceCancellations.cancelAt })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, servers.id))
    .where(eq(servers.id, serverId));
  return row;
}

/** Locks the server row for the transaction: changes of one server are decided one at a time. */
export async function lockServer(tx: Tx, serverId: string): Promise<ServerRow | undefined> {
  const [row] = await tx.select().from(servers).where(eq(servers.id, serverId)).for('update');
  return row;
}

export async function hasOpenRenewal(db: Executor, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(renewals)
    .where(and(eq(renewals.serverId, serverId), inArray(renewals.status, ['due', 'charging', 'failed'])));
  return Number(row?.n ?? 0) > 0;
}

/** How many renewals have opened up to the period ending at `periodEnd`: the period is number 1 + that. */
export async function renewalsBefore(db: Executor, serverId: string, periodEnd: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(renewals)
    .where(and(eq(renewals.serverId, serverId), lt(renewals.periodStart, periodEnd)));
  return Number(row?.n ?? 0);
}

/**
 * What the current period was billed, after any coupon, in the catalog's terms: the price the
 * latest upgrade or region move completed in this period moved it to, else this period's paid
 * renewal, else the first order's.
 */
export async function billedForPeriod(db: Executor, server: ServerRow, order: OrderRow): Promise<number> {
  const [upgraded] = await db
    .select({ toCents: planChanges.toCents, at: planChanges.completedAt })
    .from(planChanges)
    .where(
      and(
        eq(planChanges.serverId, server.id),
        eq(planChanges.kind, 'upgrade'),
        eq(planChanges.status, 'completed'),
        eq(planChanges.periodEnd, server.renewsAt),
      ),
    )
    .orderBy(desc(planChanges.completedAt))
    .limit(1);
  const [moved] = await db
    .select({ toCents: regionMoves.toCents, at: regionMoves.completedAt })
    .from(regionMoves)
    .where(and(eq(regionMoves.serverId, server.id), eq(regionMoves.status, 'completed'), eq(regionMoves.periodEnd, server.renewsAt)))
    .orderBy(desc(regionMoves.completedAt))
    .limit(1);
  const latest = [upgraded, moved].filter((r) => r !== undefined).sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0))[0];
  if (latest) return latest.toCents;
  const [renewal] = await db
    .select({ amountCents: renewals.amountCents })
    .from(renewals)
    .where(and(eq(renewals.serverId, server.id), eq(renewals.periodEnd, server.renewsAt), eq(renewals.status, 'paid')))
    .limit(1);
  return renewal?.amountCents ?? order.totalCents;
}

/** Withdraws an announced catalog price change: the customer's own plan change replaces it. */
export async function withdrawAnnouncedChanges(tx: Tx, serverId: string, now: Date): Promise<void> {
  await tx
    .update(servicePriceChanges)
    .set({ status: 'withdrawn', withdrawnAt: now, withdrawalEmailedAt: sql`coalesce(${servicePriceChanges.withdrawalEmailedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(servicePriceChanges.serverId, serverId), eq(servicePriceChanges.status, 'scheduled')));
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
