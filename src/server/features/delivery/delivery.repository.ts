import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { deliveryTasks, orders, servers, users, type DeliveryTaskStatus } from '../../db/schema';

export type DeliveryTaskRow = typeof deliveryTasks.$inferSelect;
export type NewDeliveryTask = typeof deliveryTasks.$inferInsert;

/** Opens tasks; one already opened for the same sale and item is left as it is. */
export async function insertTasks(tx: Executor, rows: NewDeliveryTask[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(deliveryTasks).values(rows).onConflictDoNothing();
}

export function tasksOfUser(db: Db, userId: string) {
  return db.select().from(deliveryTasks).where(eq(deliveryTasks.userId, userId)).orderBy(desc(deliveryTasks.createdAt), desc(deliveryTasks.id)).limit(200);
}

/** Open ones first, oldest first among them (they have waited longest); closed ones newest first. */
export function staffTasks(db: Db, status?: DeliveryTaskStatus) {
  return db
    .select({
      task: deliveryTasks,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      serverName: servers.name,
    })
    .from(deliveryTasks)
    .innerJoin(users, eq(users.id, deliveryTasks.userId))
    .leftJoin(servers, eq(servers.id, deliveryTasks.serverId))
    .where(status ? eq(deliveryTasks.status, status) : undefined)
    .orderBy(
      sql`case when ${deliveryTasks.status} = 'open' then 0 else 1 end`,
      sql`case when ${deliveryTasks.status} = 'open' then ${deliveryTasks.createdAt} end asc`,
      desc(deliveryTasks.decidedAt),
      desc(deliveryTasks.id),
    )
    .limit(300);
}

export async function lockTask(tx: Executor, id: string): Promise<DeliveryTaskRow | undefined> {
  const [row] = await tx.select().from(deliveryTasks).where(eq(deliveryTasks.id, id)).for('update');
  return row;
}

export async function closeTask(
  tx: Executor,
  id: string,
  change: { status: 'done' | 'refused'; note: string | null; decidedBy: string; decidedByEmail: string; decidedAt: Date },
): Promise<DeliveryTaskRow> {
  const [row] = await tx.update(deliveryTasks).set(change).where(and(eq(deliveryTasks.id, id), eq(deliveryTasks.status, 'open'))).returning();
  return row!;
}

/** The user's paid pack orders, newest first. */
export function packOrdersOf(db: Db, userId: string) {
  return db
    .select({ id: orders.id, packId: orders.packId, planName: orders.planName, months: orders.months, paidAt: orders.paidAt, catalogVersion: orders.catalogVersion })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'pack'), inArray(orders.status, ['paid'])))
    .orderBy(desc(orders.paidAt), desc(orders.createdAt))
    .limit(50);
}

/** The user's own servers that still run (or are being set up), with their add-ons. */
export function addonServersOf(db: Db, userId: string) {
  return db
    .select({ id: servers.id, name: servers.name, status: servers.status, addons: servers.addons, catalogVersion: servers.catalogVersion })
    .from(servers)
    .where(and(eq(servers.userId, userId), isNull(servers.deletedAt), notInArray(servers.status, ['cancelled', 'failed'])))
    .orderBy(servers.createdAt, servers.id)
    .limit(100);
}
