import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localCheckoutSessions, orders } from '../../db/schema';
import type { Clock } from '../../lib/runtime';
import { releaseExpiredReservations } from '../coupons';

/** Unpaid orders expire 24 hours after they are placed. */
export const ORDER_TTL_MS = 24 * 60 * 60 * 1000;

async function expireWhere(db: Db, clock: Clock, orderId?: string): Promise<string[]> {
  const now = clock.now();
  const rows = await db
    .update(orders)
    .set({ status: 'expired' })
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now), orderId ? eq(orders.id, orderId) : undefined))
    .returning({ id: orders.id });
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await db
      .update(localCheckoutSessions)
      .set({ status: 'expired' })
      .where(and(inArray(localCheckoutSessions.orderId, ids), eq(localCheckoutSessions.status, 'open')));
  }
  // Coupons held by these orders are given back; the sweep (no order id) also catches any an
  // earlier run expired but did not get to release.
  await releaseExpiredReservations(db, now, orderId ? ids : undefined);
  return ids;
}

/** Marks every pending order past its expiry 'expired' (and its built-in checkout session); answers how many. */
export async function expireStaleOrders(db: Db, clock: Clock): Promise<number> {
  return (await expireWhere(db, clock)).length;
}

/** The same for one order, when it is read or paid; answers whether it was expired just now. */
export async function expireOrderIfStale(db: Db, clock: Clock, orderId: string): Promise<boolean> {
  return (await expireWhere(db, clock, orderId)).length > 0;
}
