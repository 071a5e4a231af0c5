import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { OrderState, PurchaseView } from '../../../shared/schemas/checkout';
import { taxSummaryOf } from '../tax';
import type { Db } from '../../db/client';
import { invoices, orders, purchases, servers } from '../../db/schema';
import { releaseExpiredReservations } from '../coupons';

export type OrderRow = typeof orders.$inferSelect;
export type OrderInsert = typeof orders.$inferInsert;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function insertOrder(db: Db, values: OrderInsert) {
  await db.insert(orders).values(values);
}

/** Stores the order's provider session; answers the order's status, which a newer checkout may have closed meanwhile. */
export async function setOrderSession(db: Db, orderId: string, sessionId: string): Promise<OrderRow['status'] | undefined> {
  const [row] = await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId)).returning({ status: orders.status });
  return row?.status;
}

/** Closes a pending order that can no longer be paid (its checkout could not be opened), giving back its coupon. */
export async function expireOrder(db: Db, orderId: string, now = new Date()) {
  await db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
  await releaseExpiredReservations(db, now, [orderId]);
}

export async function findOrder(db: Db, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

export async function findOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

export async function findOrderBySession(db: Db, provider: string, sessionId: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.provider, provider), eq(orders.providerSessionId, sessionId)));
  return row;
}

async function purchaseViews(db: Db, where: SQL, limit: number): Promise<PurchaseView[]> {
  const rows = await db
    .select({ purchase: purchases, invoiceNumber: invoices.number, currency: orders.currency })
    .from(purchases)
    .innerJoin(orders, eq(orders.id, purchases.orderId))
    .leftJoin(invoices, eq(invoices.purchaseId, purchases.id))
    .where(where)
    .orderBy(desc(purchases.createdAt))
    .limit(limit);
  return rows.map(({ purchase: p, invoiceNumber, currency }) => ({
    id: p.id,
    orderId: p.orderId,
    planName: p.planName,
    amountCents: p.amountCents,
    currency,
    status: p.status,
    invoiceNumber,
    createdAt: p.createdAt.toISOString(),
    refundedAt: iso(p.refundedAt),
  }));
}

export async function latestPurchase(db: Db, userId: string): Promise<PurchaseView | null> {
  const [view] = await purchaseViews(db, eq(purchases.userId, userId), 1);
  return view ?? null;
}

/** The order with its purchase and server, as the success and purchase-confirmed pages read it. */
export async function orderState(db: Db, order: OrderRow): Promise<OrderState> {
  const [purchase] = await purchaseViews(db, eq(purchases.orderId, order.id), 1);
  const [server] = await db.select().from(servers).where(eq(servers.orderId, order.id));
  return {
    order: {
      id: order.id,
      kind: order.kind,
      status: order.status,
      planName: order.planName,
      game: order.game,
      location: order.location,
      period: order.period,
      months: order.months,
      serverName: order.serverName,
      packId: order.packId,
      currency: order.currency,
      lines: order.lines,
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      totalCents: order.totalCents,
      tax: taxSummaryOf(order),
      createdAt: order.createdAt.toISOString(),
      expiresAt: order.expiresAt.toISOString(),
      paidAt: iso(order.paidAt),
    },
    purchase: purchase ?? null,
    server: server
      ? {
          id: server.id,
          name: server.name,
          status: server.status,
          game: server.game,
          planName: server.planName,
          ramGb: server.ramGb,
          vcpu: server.vcpu,
          diskGb: server.diskGb,
          playerCap: server.playerCap,
          location: server.location,
          ip: server.ip,
          port: server.port,
          panelUrl: server.panelUrl,
          failureReason: server.failureReason,
          createdAt: server.createdAt.toISOString(),
        }
      : null,
  };
}
