import { and, asc, eq, gt, gte, like, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orders, regionMoves, renewals, servers, slaCredits, statusDays, statusIncidents, users } from '../../db/schema';
import type { PaidPeriod, Range } from './sla-credit';

// What an SLA credit is measured and priced from: the server and its paid periods, the status
// checks of its location's panel nodes, announced maintenance, and an earlier grant.

export async function serverForSla(db: Executor, serverId: string) {
  const [row] = await db.select({ server: servers, order: orders }).from(servers).innerJoin(orders, eq(orders.id, servers.orderId)).where(eq(servers.id, serverId));
  return row;
}

type ServerRow = typeof servers.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** The periods the customer paid for: the first order's, then each paid renewal's. */
export async function paidPeriods(db: Executor, server: ServerRow, order: OrderRow): Promise<PaidPeriod[]> {
  const paid = await db
    .select({ start: renewals.periodStart, end: renewals.periodEnd, amountCents: renewals.amountCents })
    .from(renewals)
    .where(and(eq(renewals.serverId, server.id), eq(renewals.status, 'paid')))
    .orderBy(asc(renewals.periodStart));
  const [firstRenewal] = await db
    .select({ start: renewals.periodStart })
    .from(renewals)
    .where(eq(renewals.serverId, server.id))
    .orderBy(asc(renewals.periodStart))
    .limit(1);
  const periods: PaidPeriod[] = [];
  if (order.status === 'paid') {
    periods.push({ start: order.paidAt ?? server.createdAt, end: firstRenewal?.start ?? server.renewsAt, amountCents: order.totalCents });
  }
  return [...periods, ...paid];
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
