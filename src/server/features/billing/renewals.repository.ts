import { and, asc, eq, inArray, lte, notExists, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx, Executor } from '../../db/client';
import { orders, renewals, serviceCancellations, servers, servicePriceChanges, users, type RenewalStatus } from '../../db/schema';

export type RenewalRow = typeof renewals.$inferSelect;

/** Statuses the job still has work for. */
export const openStatuses = ['due', 'charging', 'failed'] as const satisfies readonly RenewalStatus[];

/** Servers whose paid period is over and that are still running (or being set up). */
export async function serversPastRenewal(db: Db, now: Date, limit: number) {
  return db
    .select({
      server: servers,
      order: orders,
      cancelAt: serviceCancellations.cancelAt,
    })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, servers.id))
    .where(
      and(
        lte(servers.renewsAt, now),
        notInArray(servers.status, ['cancelled', 'failed']),
        notExists(
          db
            .select({ one: sql`1` })
            .from(renewals)
            .where(and(eq(renewals.serverId, servers.id), eq(renewals.periodStart, servers.renewsAt))),
        ),
      ),
    )
    .orderBy(asc(servers.renewsAt))
    .limit(limit);
}

/** Records the period once (server + period start is unique); answers nothing new when it exists. */
export async function ensureRenewal(db: Db, row: typeof renewals.$inferInsert): Promise<void> {
  await db.insert(renewals).values(row).onConflictDoNothing();
}

export async function openRenewalsDue(db: Db, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: renewals.id })
    .from(renewals)
    .where(and(inArray(renewals.status, [...openStatuses]), lte(renewals.nextAttemptAt, now)))
    .orderBy(asc(renewals.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function renewalWithServer(db: Db, id: string) {
  const [row] = await db
    .select({ renewal: renewals, server: servers, order: orders, cancelAt: serviceCancellations.cancelAt, priceChange: servicePriceChanges })
    .from(renewals)
    .innerJoin(servers, eq(servers.id, renewals.serverId))
    .innerJoin(orders, eq(orders.id, renewals.orderId))
    .leftJoin(servicePriceChanges, eq(servicePriceChanges.id, renewals.priceChangeId))
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, renewals.serverId))
    .where(eq(renewals.id, id));
  return row;
}

/**
 * Moves a renewal on only if nobody else has since `version` was read; answers the new row, or
 * undefined when another worker got there first (the caller then leaves it alone).
 */
export async function transition(
  db: Executor,
  current: Pick<RenewalRow, 'id' | 'version'>,
  set: Partial<Omit<typeof renewals.$inferInsert, 'id' | 'version'>> & { updatedAt: Date },
): Promise<RenewalRow | undefined> {
  const [row] = await db
    .update(renewals)
    .set({ ...set, version: sql`${renewals.version} + 1` })
    .where(and(eq(renewals.id, current.id), eq(renewals.version, current.version)))
    .returning();
  return row;
}

/** What a renewal charges, tax included: set with its invoice; a renewal from before taxes is its amount. */
export function grossOf(r: Pick<RenewalRow, 'amountCents' | 'grossCents'>): number {
  return r.grossCents ?? r.amountCents;
}

export async function billingContact(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, notifications: users.notifications })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The server moves to a status only from one the job expects, so a late worker cannot undo a newer one. */
export async function setServerStatus(db: Executor, serverId: string, status: (typeof servers.$inferSelect)['status'], now: Date) {
  await db.update(servers).set({ status, updatedAt: now }).where(and(eq(servers.id, serverId), notInArray(servers.status, ['cancelled'])));
}

export async function advanceServer(tx: Tx, serverId: string, from: Date, to: Date, now: Date) {
  await tx
    .update(servers)
    .set({ renewsAt: to, updatedAt: now })
    .where(and(eq(servers.id, serverId), eq(servers.renewsAt, from)));
}
