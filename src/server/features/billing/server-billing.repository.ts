import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, planChanges, regionMoves, renewals, serviceCancellations, servers } from '../../db/schema';
import { openStatuses } from './renewals.repository';

// What a server's billing stands at, for the features that price a change of it mid-period (plan
// changes and region moves): the order that bought it, its renewals, what this period was billed.

export type OrderRow = typeof orders.$inferSelect;

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

/** Whether a renewal of the server is due, being charged or failed (its price must not move under it). */
export async function hasOpenRenewal(db: Executor, serverId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(renewals)
    .where(and(eq(renewals.serverId, serverId), inArray(renewals.status, [...openStatuses])));
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
export async function billedForPeriod(db: Executor, server: typeof servers.$inferSelect, order: OrderRow): Promise<number> {
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
