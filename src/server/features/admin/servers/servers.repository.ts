import { and, count, desc, eq, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { STUCK_INSTALLING_MINUTES, type AdminServerListQuery } from '../../../../shared/schemas/admin/servers';
import type { Db, Executor } from '../../../db/client';
import { games, locations, orders, planChanges, purchases, regionMoves, renewals, servers, serviceCancellations, users } from '../../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

const openRenewalStatuses = ['due', 'charging', 'failed'];
const openList = sql.join(
  openRenewalStatuses.map((s) => sql`${s}`),
  sql`, `,
);

/** Suspended for non-payment: an open renewal past its suspension, deleted deleteAfterDays (Settings) after it fell due. */
const dunningDeletesAt = (deleteAfterDays: number) => sql`(select ${renewals.periodStart} + make_interval(days => ${deleteAfterDays}::int)
  from ${renewals}
  where ${renewals.serverId} = ${servers.id} and ${renewals.status} in (${openList}) and ${renewals.suspendedAt} is not null
  order by ${renewals.periodStart} desc limit 1)`;

/** Cancelled by the customer: the service ends, and the panel server goes, at the period end. */
const cancellationEndsAt = sql`(select ${serviceCancellations.cancelAt} from ${serviceCancellations}
  where ${serviceCancellations.serverId} = ${servers.id} and ${servers.status} <> 'cancelled')`;

const deletesAt = (deleteAfterDays: number) => sql`coalesce(${dunningDeletesAt(deleteAfterDays)}, ${cancellationEndsAt})`.mapWith(servers.createdAt);

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function conditions(query: AdminServerListQuery, now: Date, deleteAfterDays: number): SQL[] {
  const where: SQL[] = [];
  if (query.filter === 'failed') where.push(eq(servers.status, 'failed'));
  if (query.filter === 'suspended') where.push(eq(servers.status, 'suspended'));
  if (query.filter === 'stuck_installing') {
    where.push(inArray(servers.status, ['provisioning', 'installing']));
    where.push(lt(servers.updatedAt, new Date(now.getTime() - STUCK_INSTALLING_MINUTES * 60_000)));
  }
  if (query.filter === 'due_for_deletion') where.push(sql`${deletesAt(deleteAfterDays)} is not null`);
  if (query.status) where.push(eq(servers.status, query.status));
  if (query.game) where.push(eq(servers.game, query.game));
  if (query.location) where.push(eq(servers.location, query.location));
  const q = query.q?.trim();
  if (q) {
    const matches = [ilike(servers.name, `%${escapeLike(q)}%`), ilike(users.email, `${escapeLike(q.toLowerCase())}%`)];
    if (isUuid(q)) matches.push(eq(servers.id, q));
    where.push(or(...matches)!);
  }
  return where;
}

const summaryColumns = (deleteAfterDays: number) => ({
  server: servers,
  ownerEmail: users.email,
  gameName: games.name,
  locationLabel: locations.label,
  deletesAt: deletesAt(deleteAfterDays),
});

export async function listServers(db: Db, query: AdminServerListQuery, now: Date, deleteAfterDays: number) {
  const where = and(...conditions(query, now, deleteAfterDays));
  const [rows, [total]] = await Promise.all([
    db
      .select(summaryColumns(deleteAfterDays))
      .from(servers)
      .innerJoin(users, eq(users.id, servers.userId))
      .leftJoin(games, eq(games.slug, servers.game))
      .leftJoin(locations, eq(locations.value, servers.location))
      .where(where)
      .orderBy(desc(servers.createdAt), desc(servers.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(servers)
      .innerJoin(users, eq(users.id, servers.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type ServerSummaryRow = Awaited<ReturnType<typeof listServers>>['rows'][number];

export async function serverDetail(db: Db, serverId: string, deleteAfterDays: number) {
  if (!isUuid(serverId)) return null;
  const [row] = await db
    .select({
      ...summaryColumns(deleteAfterDays),
      ownerFirstName: users.firstName,
      ownerLastName: users.lastName,
      orderStatus: orders.status,
      purchaseStatus: purchases.status,
      cancelAt: serviceCancellations.cancelAt,
    })
    .from(servers)
    .innerJoin(users, eq(users.id, servers.userId))
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .leftJoin(purchases, eq(purchases.orderId, servers.orderId))
    .leftJoin(games, eq(games.slug, servers.game))
    .leftJoin(locations, eq(locations.value, servers.location))
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, servers.id))
    .where(eq(servers.id, serverId));
  if (!row) return null;
  const [renewal] = await db
    .select()
    .from(renewals)
    .where(eq(renewals.serverId, serverId))
    .orderBy(desc(renewals.periodStart))
    .limit(1);
  return { ...row, renewal: renewal ?? null, refunded: row.orderStatus === 'refunded' || row.purchaseStatus === 'refunded' };
}

export type ServerDetailRow = NonNullable<Awaited<ReturnType<typeof serverDetail>>>;
export type ServerRow = typeof servers.$inferSelect;

/** True once the order's payment was refunded (read inside the transaction that acts on it). */
export async function orderRefunded(db: Db, orderId: string): Promise<boolean> {
  const [row] = await db
    .select({ order: orders.status, purchase: purchases.status })
    .from(orders)
    .leftJoin(purchases, eq(purchases.orderId, orders.id))
    .where(eq(orders.id, orderId));
  return row?.order === 'refunded' || row?.purchase === 'refunded';
}

/** A compare-and-set on the status, like provisioning's transitions: null when the server moved on. */
export async function updateServerFrom(
  db: Db,
  serverId: string,
  from: readonly ServerRow['status'][],
  fields: Partial<Omit<ServerRow, 'id' | 'userId' | 'orderId'>>,
): Promise<ServerRow | null> {
  const [row] = await db
    .update(servers)
    .set(fields)
    .where(and(eq(servers.id, serverId), inArray(servers.status, [...from]), isNull(servers.deletedAt)))
    .returning();
  return row ?? null;
}

/**
 * An upgrade or a move of the server whose card charge is not settled ('charging'), in words for
 * staff: deleting the server then would leave a payment for a server that is gone (decision 084).
 */
export async function chargingChangeOf(db: Executor, serverId: string): Promise<string | null> {
  const [change] = await db
    .select({ id: planChanges.id, to: planChanges.toPlanName })
    .from(planChanges)
    .where(and(eq(planChanges.serverId, serverId), eq(planChanges.status, 'charging')))
    .limit(1);
  if (change) return `the upgrade to ${change.to} (plan change ${change.id})`;
  const [move] = await db
    .select({ id: regionMoves.id, to: regionMoves.toLabel })
    .from(regionMoves)
    .where(and(eq(regionMoves.serverId, serverId), eq(regionMoves.status, 'charging')))
    .limit(1);
  return move ? `the move to ${move.to} (region move ${move.id})` : null;
}

/** A deleted server is never renewed again: its open renewals end, and a pending cancellation is moot. */
export async function stopRenewals(
  db: Db,
  serverId: string,
  at: Date,
  backup: { id: string; keptUntil: Date } | null,
): Promise<number> {
  const ended = await db
    .update(renewals)
    .set({
      status: 'cancelled',
      endedAt: at,
      nextAttemptAt: null,
      lastBackupId: backup?.id ?? null,
      backupKeptUntil: backup?.keptUntil ?? null,
      // The renewal job's compare-and-set checks the version, so a step it was taking loses.
      version: sql`${renewals.version} + 1`,
      updatedAt: at,
    })
    .where(and(eq(renewals.serverId, serverId), sql`${renewals.status} in (${openList})`))
    .returning({ id: renewals.id });
  await db.delete(serviceCancellations).where(eq(serviceCancellations.serverId, serverId));
  return ended.length;
}
