import { and, asc, count, desc, eq, getTableColumns, gte, gt, inArray, isNotNull, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CustomerListQuery } from '../../../../shared/schemas/admin/customers';
import type { Db } from '../../../db/client';
import {
  activityLog,
  auditLog,
  invoices,
  orders,
  renewals,
  servers,
  sessions,
  tickets,
  users,
} from '../../../db/schema';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** LIKE treats % and _ as wildcards; a search for "a_b" means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The same expression as users_name_pattern_idx, so the index answers prefix searches and the name sort. */
const fullNameLower = sql`lower(${users.firstName} || ' ' || ${users.lastName})`;
const lastNameLower = sql`lower(${users.lastName})`;

/** Servers that still count: not deleted, not cancelled. */
const liveServer = and(isNull(servers.deletedAt), ne(servers.status, 'cancelled'));
const staffRoles = ['support', 'billing', 'admin'] as const;

/**
 * Prefix matches only, each one an index can answer (text_pattern_ops): email, full name, last
 * name, referral code; an exact id when the term is a uuid. The planner ORs the index scans.
 */
function searchCondition(q: string): SQL {
  if (isUuid(q)) return eq(users.id, q.toLowerCase());
  const lower = escapeLike(q.toLowerCase());
  const matches: SQL[] = [
    sql`${users.email} like ${`${lower}%`}`,
    sql`${fullNameLower} like ${`${lower}%`}`,
    sql`${lastNameLower} like ${`${lower}%`}`,
  ];
  if (/^[A-Za-z0-9]{2,32}$/.test(q)) matches.push(sql`${users.referralCode} like ${`${escapeLike(q.toUpperCase())}%`}`);
  return or(...matches)!;
}

function conditions(query: CustomerListQuery): SQL[] {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) where.push(searchCondition(q));
  if (query.since) where.push(gte(users.createdAt, new Date(`${query.since}T00:00:00Z`)));
  if (query.filter === 'has_servers') {
    where.push(sql`exists (select 1 from ${servers} where ${servers.userId} = ${users.id} and ${servers.deletedAt} is null and ${servers.status} <> 'cancelled')`);
  }
  if (query.filter === 'dunning') {
    where.push(sql`${users.id} in (select ${renewals.userId} from ${renewals} where ${renewals.status} = 'failed')`);
  }
  if (query.filter === 'suspended') where.push(isNotNull(users.suspendedAt));
  if (query.filter === 'staff') where.push(inArray(users.role, [...staffRoles]));
  return where;
}

function ordering(sort: CustomerListQuery['sort']): SQL[] {
  switch (sort) {
    case 'created_asc':
      return [asc(users.createdAt), asc(users.id)];
    case 'email_asc':
      return [asc(users.email)];
    case 'name_asc':
      // ~<~ is text_pattern_ops' order, so users_name_pattern_idx hands rows over already sorted.
      return [sql`${fullNameLower} using ~<~`, asc(users.id)];
    default:
      return [desc(users.createdAt), desc(users.id)];
  }
}

export const customerColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  emailVerifiedAt: users.emailVerifiedAt,
  totpEnabledAt: users.totpEnabledAt,
  suspendedAt: users.suspendedAt,
  suspendedReason: users.suspendedReason,
  referralCode: users.referralCode,
  referredByUserId: users.referredByUserId,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type CustomerRow = { [K in keyof typeof customerColumns]: (typeof users.$inferSelect)[K] };

export async function listCustomers(db: Db, query: CustomerListQuery) {
  const where = and(...conditions(query));
  const [rows, [total]] = await Promise.all([
    db
      .select(customerColumns)
      .from(users)
      .where(where)
      .orderBy(...ordering(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows as CustomerRow[], total: total?.n ?? 0 };
}

/** Live server counts and dunning, for the page's rows only (not a subquery per row of the table). */
export async function pageFacts(db: Db, userIds: string[]) {
  if (userIds.length === 0) return { serverCounts: new Map<string, number>(), dunning: new Set<string>() };
  const [counts, failing] = await Promise.all([
    db
      .select({ userId: servers.userId, n: count() })
      .from(servers)
      .where(and(inArray(servers.userId, userIds), liveServer))
      .groupBy(servers.userId),
    db
      .selectDistinct({ userId: renewals.userId })
      .from(renewals)
      .where(and(inArray(renewals.userId, userIds), eq(renewals.status, 'failed'))),
  ]);
  return { serverCounts: new Map(counts.map((c) => [c.userId, c.n])), dunning: new Set(failing.map((f) => f.userId)) };
}

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(customerColumns).from(users).where(eq(users.id, id));
  return row as CustomerRow | undefined;
}

const referrer = alias(users, 'referrer');
const LIMIT = 50;

/** Everything the customer page lists, each capped at the newest 50. */
export async function customerRecords(db: Db, userId: string, referredByUserId: string | null, now: Date, withAudit: boolean) {
  const [sessionRows, serverRows, orderRows, invoiceRows, ticketRows, referredBy, referred, [referredCount], activity, staffActions] =
    await Promise.all([
      db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
        .orderBy(desc(sessions.lastSeenAt))
        .limit(LIMIT),
      db.select().from(servers).where(and(eq(servers.userId, userId), isNull(servers.deletedAt))).orderBy(desc(servers.createdAt)).limit(LIMIT),
      db
        .select()
        .from(orders)
        .where(and(eq(orders.userId, userId), notInArray(orders.status, ['expired'])))
        .orderBy(desc(orders.createdAt))
        .limit(LIMIT),
      db
        .select({
          ...getTableColumns(invoices),
          // Invoices are never edited by a refund: what credit notes gave back is summed here.
          refundedCents: sql<number>`coalesce((select sum(cn.amount_cents) from credit_notes cn where cn.invoice_id = "invoices"."id"), 0)::int`,
        })
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.issuedAt))
        .limit(LIMIT),
      db.select().from(tickets).where(eq(tickets.userId, userId)).orderBy(desc(tickets.updatedAt)).limit(LIMIT),
      referredByUserId
        ? db
            .select({ id: referrer.id, email: referrer.email, firstName: referrer.firstName, lastName: referrer.lastName, createdAt: referrer.createdAt })
            .from(referrer)
            .where(eq(referrer.id, referredByUserId))
        : Promise.resolve([]),
      db
        .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt })
        .from(users)
        .where(eq(users.referredByUserId, userId))
        .orderBy(desc(users.createdAt))
        .limit(LIMIT),
      db.select({ n: count() }).from(users).where(eq(users.referredByUserId, userId)),
      db.select().from(activityLog).where(eq(activityLog.userId, userId)).orderBy(desc(activityLog.createdAt)).limit(LIMIT),
      withAudit
        ? db
            .select()
            .from(auditLog)
            .where(and(eq(auditLog.targetType, 'customer'), eq(auditLog.targetId, userId)))
            .orderBy(desc(auditLog.seq))
            .limit(LIMIT)
        : Promise.resolve(null),
    ]);
  return {
    sessionRows,
    serverRows,
    orderRows,
    invoiceRows,
    ticketRows,
    referredBy: referredBy[0] ?? null,
    referred,
    referredCount: referredCount?.n ?? 0,
    activity,
    staffActions,
  };
}

/** Locks the account for a change of its access; answers its row. */
export async function lockCustomer(db: Db, id: string): Promise<CustomerRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(customerColumns).from(users).where(eq(users.id, id)).for('update');
  return row as CustomerRow | undefined;
}

/** The servers an account suspension puts on hold: running or stopped ones, on the panel. */
export const suspendableStatuses = ['online', 'offline', 'starting', 'stopping'] as const;

export async function serversToSuspend(db: Db, userId: string) {
  return db
    .select({ id: servers.id, name: servers.name, status: servers.status, panelServerId: servers.panelServerId })
    .from(servers)
    .where(and(eq(servers.userId, userId), inArray(servers.status, [...suspendableStatuses]), isNull(servers.deletedAt), isNotNull(servers.panelServerId)));
}

/** Only the servers the account suspension itself suspended come back with it. */
export async function serversSuspendedWithAccount(db: Db, userId: string) {
  return db
    .select({ id: servers.id, name: servers.name, status: servers.status, panelServerId: servers.panelServerId })
    .from(servers)
    .where(and(eq(servers.userId, userId), eq(servers.status, 'suspended'), eq(servers.suspendedBy, 'account'), isNull(servers.deletedAt)));
}
