import { and, count, eq, gte, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { orders, purchases, refunds, renewals, servers, tickets, users } from '../../../db/schema';

/** A UTC day as YYYY-MM-DD, computed in the database so grouping and labels agree. */
const utcDay = (column: typeof purchases.createdAt | typeof refunds.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Payments per UTC day and currency since `from` (a range scan of purchases_created_idx); a
 * payment is in its order's currency (renewals too: a service keeps its order's currency).
 */
export function paymentsByDay(db: Db, from: Date) {
  const day = utcDay(purchases.createdAt);
  return db
    .select({ day, currency: orders.currency, cents: sql<string>`sum(${purchases.amountCents})` })
    .from(purchases)
    .innerJoin(orders, eq(orders.id, purchases.orderId))
    .where(gte(purchases.createdAt, from))
    .groupBy(day, orders.currency);
}

/** Succeeded refunds per UTC day and currency since `from` (refunds_created_idx). */
export function refundsByDay(db: Db, from: Date) {
  const day = utcDay(refunds.createdAt);
  return db
    .select({ day, currency: refunds.currency, cents: sql<string>`sum(${refunds.amountCents})` })
    .from(refunds)
    .where(and(gte(refunds.createdAt, from), eq(refunds.status, 'succeeded')))
    .groupBy(day, refunds.currency);
}

/**
 * Monthly value of running services: each server order's total spread over its months. The order is
 * read by primary key per server (a few thousand lookups) rather than hash-joining every order.
 */
export async function monthlyRecurringCents(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({
      currency: servers.currency,
      cents: sql<string>`coalesce(round(sum((select o.total_cents::numeric / greatest(o.months, 1) from orders o where o.id = "servers"."order_id"))), 0)`,
    })
    .from(servers)
    .where(and(notInArray(servers.status, ['cancelled', 'failed']), isNull(servers.deletedAt)))
    .groupBy(servers.currency);
  return new Map(rows.map((r) => [r.currency, Number(r.cents)]));
}

export async function customersCreatedSince(db: Db, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(gte(users.createdAt, since), eq(users.role, 'customer')));
  return Number(row?.n ?? 0);
}

/** Servers per status (servers_status_idx). */
export function serversByStatus(db: Db) {
  return db.select({ status: servers.status, n: count() }).from(servers).groupBy(servers.status);
}

export async function openTickets(db: Db) {
  const waitingSince = sql<Date | string>`coalesce(${tickets.lastCustomerReplyAt}, ${tickets.createdAt})`;
  const [[total], [oldest]] = await Promise.all([
    db.select({ n: count() }).from(tickets).where(eq(tickets.status, 'open')),
    db
      .select({ id: tickets.id, subject: tickets.subject, waitingSince })
      .from(tickets)
      .where(eq(tickets.status, 'open'))
      .orderBy(waitingSince)
      .limit(1),
  ]);
  return { open: Number(total?.n ?? 0), oldest };
}

/** Renewals whose charge failed and that dunning is still chasing. */
export async function failingRenewals(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(renewals).where(eq(renewals.status, 'failed'));
  return Number(row?.n ?? 0);
}
