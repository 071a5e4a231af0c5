import { and, asc, eq, gt, gte, inArray, like, lt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, purchases, refunds, regionMoves, renewals, servers, slaCredits, statusDays, statusIncidents, tickets, users } from '../../db/schema';
import type { PaidPeriod, Range } from './sla-credit';

// What an SLA credit is measured and priced from: the server and its paid periods, the status
// checks of its location's panel nodes, announced maintenance, and an earlier grant.

export async function serverForSla(db: Executor, serverId: string) {
  const [row] = await db.select({ server: servers, order: orders }).from(servers).innerJoin(orders, eq(orders.id, servers.orderId)).where(eq(servers.id, serverId));
  return row;
}

type ServerRow = typeof servers.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * The periods the customer paid for: the first order's, then each paid renewal's, each with what
 * was refunded of it. Refunds are of a payment (the order's purchase, tax included), so a period's
 * refunded part is the refunded share of its payment applied to its amount, rounded up.
 */
export async function paidPeriods(db: Executor, server: ServerRow, order: OrderRow): Promise<PaidPeriod[]> {
  const paid = await db
    .select({ start: renewals.periodStart, end: renewals.periodEnd, amountCents: renewals.amountCents, orderId: renewals.paidOrderId })
    .from(renewals)
    .where(and(eq(renewals.serverId, server.id), eq(renewals.status, 'paid')))
    .orderBy(asc(renewals.periodStart));
  const [firstRenewal] = await db
    .select({ start: renewals.periodStart })
    .from(renewals)
    .where(eq(renewals.serverId, server.id))
    .orderBy(asc(renewals.periodStart))
    .limit(1);
  const periods: (Range & { amountCents: number; orderId: string | null })[] = [];
  if (order.status === 'paid' || order.status === 'refunded') {
    periods.push({ start: order.paidAt ?? server.createdAt, end: firstRenewal?.start ?? server.renewsAt, amountCents: order.totalCents, orderId: order.id });
  }
  periods.push(...paid);
  const orderIds = periods.flatMap((p) => (p.orderId ? [p.orderId] : []));
  const refunded = orderIds.length
    ? await db
        .select({
          orderId: purchases.orderId,
          paidCents: purchases.amountCents,
          refundedCents: sql<string | null>`sum(${refunds.amountCents})`,
        })
        .from(purchases)
        .innerJoin(refunds, and(eq(refunds.purchaseId, purchases.id), inArray(refunds.status, ['pending', 'succeeded'])))
        .where(inArray(purchases.orderId, orderIds))
        .groupBy(purchases.orderId, purchases.amountCents)
    : [];
  return periods.map(({ orderId, ...p }) => {
    const r = refunded.find((row) => row.orderId === orderId);
    const back = Number(r?.refundedCents ?? 0);
    const refundedCents = !r || back <= 0 ? 0 : r.paidCents <= 0 || back >= r.paidCents ? p.amountCents : Math.ceil((p.amountCents * back) / r.paidCents);
    return { ...p, refundedCents: Math.min(p.amountCents, refundedCents) };
  });
}

/** A support ticket, to check that a claim was made on it in time and by the server's owner. */
export async function ticketForClaim(db: Executor, ticketId: string) {
  const [row] = await db
    .select({ id: tickets.id, userId: tickets.userId, serverId: tickets.serverId, createdAt: tickets.createdAt })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row;
}

/** Where the server was during the month: before a move completed after the month, its old location. */
export async function locationDuring(db: Executor, server: ServerRow, month: Range): Promise<string> {
  const [later] = await db
    .select({ from: regionMoves.fromLocation })
    .from(regionMoves)
    .where(and(eq(regionMoves.serverId, server.id), eq(regionMoves.status, 'completed'), gte(regionMoves.completedAt, month.end)))
    .orderBy(asc(regionMoves.completedAt))
    .limit(1);
  return later?.from ?? server.location;
}

/** The daily check counts of every panel node that served the location in the month's days. */
export function nodeDays(db: Executor, location: string, fromDay: string, toDay: string) {
  return db
    .select()
    .from(statusDays)
    .where(and(like(statusDays.component, 'node:%'), eq(statusDays.location, location), gte(statusDays.day, fromDay), lte(statusDays.day, toDay)))
    .orderBy(asc(statusDays.component), asc(statusDays.day));
}

/** Maintenance posted before it started (announced) and overlapping the month. */
export function announcedMaintenance(db: Executor, month: Range) {
  return db
    .select()
    .from(statusIncidents)
    .where(and(eq(statusIncidents.kind, 'maintenance'), lt(statusIncidents.startsAt, month.end), gt(statusIncidents.endsAt, month.start)))
    .then((rows) => rows.filter((r) => r.startsAt && r.endsAt && r.createdAt.getTime() <= r.startsAt.getTime()));
}

export async function grantedFor(db: Executor, serverId: string, month: string) {
  const [row] = await db
    .select({ grant: slaCredits, createdByEmail: users.email })
    .from(slaCredits)
    .leftJoin(users, eq(users.id, slaCredits.createdBy))
    .where(and(eq(slaCredits.serverId, serverId), eq(slaCredits.month, month)));
  return row;
}

/** The server name and month of each SLA credit, by id, for the customer's billing history. */
export function slaCreditsOf(db: Executor, userId: string) {
  return db.select({ id: slaCredits.id, serverName: slaCredits.serverName, month: slaCredits.month }).from(slaCredits).where(eq(slaCredits.userId, userId));
}
