import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { defaultCurrency } from '../../../../shared/currency';
import type { AdminInvoiceListQuery, AdminMoneySort, AdminOrderListQuery } from '../../../../shared/schemas/admin/orders';
import type { Db } from '../../../db/client';
import { invoices, orders, purchases, users } from '../../../db/schema';
import { escapeLike, isUuid } from '../customers/customers.repository';

/*
 * Correlated subqueries name their outer columns in plain SQL: inside a subquery drizzle may print
 * a column without its table, which would then bind to the subquery's own table.
 */
const orderRefunded = sql<number>`coalesce((select sum(r.amount_cents) from refunds r where r.purchase_id = "purchases"."id" and r.status in ('pending', 'succeeded')), 0)::int`;
const orderIsRenewal = sql<boolean>`exists (select 1 from renewals rn where rn.paid_order_id = "orders"."id")`;
const invoiceRefunded = sql<number>`coalesce((select sum(cn.amount_cents) from credit_notes cn where cn.invoice_id = "invoices"."id"), 0)::int`;

const DAY_MS = 24 * 60 * 60 * 1000;

function dayRange(column: typeof orders.createdAt | typeof invoices.issuedAt, from?: string, to?: string): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(gte(column, new Date(`${from}T00:00:00Z`)));
  if (to) where.push(lt(column, new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY_MS)));
  return where;
}

/**
 * Amounts compare only within one currency: 1250 is €12.50 and ¥1,250. So a range is in the chosen
 * currency, or the shop's when none is chosen, and rows in other currencies are left out.
 */
function amountRange(
  column: typeof orders.grossCents | typeof invoices.grossCents,
  currencyColumn: typeof orders.currency | typeof invoices.currency,
  query: { currency?: string; minCents?: number; maxCents?: number },
): SQL[] {
  const where: SQL[] = [];
  if (query.currency) where.push(eq(currencyColumn, query.currency));
  else if (query.minCents !== undefined || query.maxCents !== undefined) {
    where.push(sql`${currencyColumn} = coalesce((select s.currency from store_settings s where s.id = 1), ${defaultCurrency})`);
  }
  if (query.minCents !== undefined) where.push(gte(column, query.minCents));
  if (query.maxCents !== undefined) where.push(lte(column, query.maxCents));
  return where;
}

function orderSearch(q: string): SQL {
  if (isUuid(q)) return eq(orders.id, q.toLowerCase());
  if (/^inv-\d+$/i.test(q)) return eq(invoices.number, q.toUpperCase());
  return sql`${users.email} like ${`${escapeLike(q.toLowerCase())}%`}`;
}

function orderConditions(query: Omit<AdminOrderListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) where.push(orderSearch(q));
  if (query.provider) where.push(eq(orders.provider, query.provider));
  if (query.game) where.push(eq(orders.game, query.game));
  where.push(...dayRange(orders.createdAt, query.from, query.to), ...amountRange(orders.grossCents, orders.currency, query));
  switch (query.status) {
    case 'pending':
    case 'expired':
    case 'refunded':
      where.push(eq(orders.status, query.status));
      break;
    case 'paid':
      where.push(eq(orders.status, 'paid'), sql`${orderRefunded} = 0`);
      break;
    case 'partially_refunded':
      where.push(eq(orders.status, 'paid'), sql`${orderRefunded} > 0`);
      break;
  }
  return where.length ? and(...where) : undefined;
}

function sortBy(sort: AdminMoneySort, at: typeof orders.createdAt | typeof invoices.issuedAt, total: typeof orders.grossCents | typeof invoices.grossCents, id: typeof orders.id | typeof invoices.id) {
  switch (sort) {
    case 'oldest':
      return [asc(at), asc(id)];
    case 'amount_desc':
      return [desc(total), desc(at), desc(id)];
    case 'amount_asc':
      return [asc(total), desc(at), desc(id)];
    default:
      return [desc(at), desc(id)];
  }
}

const orderColumns = {
  order: orders,
  email: users.email,
  purchaseId: purchases.id,
  invoiceId: invoices.id,
  invoiceNumber: invoices.number,
  refundedCents: orderRefunded,
  renewal: orderIsRenewal,
};

function ordersFrom(db: Db) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(purchases, eq(purchases.orderId, orders.id))
    .leftJoin(invoices, eq(invoices.purchaseId, purchases.id));
}

export type OrderListRow = Awaited<ReturnType<ReturnType<typeof ordersFrom>['execute']>>[number];

export async function listOrders(db: Db, query: AdminOrderListQuery, limit = query.pageSize, offset = (query.page - 1) * query.pageSize) {
  const where = orderConditions(query);
  const [rows, [counted]] = await Promise.all([
    ordersFrom(db)
      .where(where)
      .orderBy(...sortBy(query.sort, orders.createdAt, orders.grossCents, orders.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(purchases, eq(purchases.orderId, orders.id))
      .leftJoin(invoices, eq(invoices.purchaseId, purchases.id))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}

export async function orderById(db: Db, orderId: string) {
  const [row] = await ordersFrom(db).where(eq(orders.id, orderId));
  return row;
}

export async function purchaseOfOrder(db: Db, orderId: string) {
  const [row] = await db.select().from(purchases).where(eq(purchases.orderId, orderId));
  return row;
}

function invoiceSearch(q: string): SQL {
  if (isUuid(q)) return sql`(${invoices.id} = ${q.toLowerCase()} or ${purchases.orderId} = ${q.toLowerCase()})`;
  if (/^inv-\d+$/i.test(q)) return eq(invoices.number, q.toUpperCase());
  return sql`${users.email} like ${`${escapeLike(q.toLowerCase())}%`}`;
}

function invoiceConditions(query: Omit<AdminInvoiceListQuery, 'page' | 'pageSize'>): SQL | undefined {
  const where: SQL[] = [];
  const q = query.q?.trim();
  if (q) where.push(invoiceSearch(q));
  if (query.provider) where.push(eq(purchases.provider, query.provider));
  if (query.game) where.push(eq(orders.game, query.game));
  where.push(...dayRange(invoices.issuedAt, query.from, query.to), ...amountRange(invoices.grossCents, invoices.currency, query));
  switch (query.status) {
    case 'pending':
    case 'failed':
      where.push(eq(invoices.status, query.status));
      break;
    case 'paid':
      where.push(eq(invoices.status, 'paid'), sql`${invoiceRefunded} = 0`);
      break;
    case 'partially_refunded':
      where.push(eq(invoices.status, 'paid'), sql`${invoiceRefunded} > 0`, sql`${invoiceRefunded} < ${invoices.grossCents}`);
      break;
    case 'refunded':
      // Refunded before credit notes (status on the row), or refunded in full by them.
      where.push(sql`(${invoices.status} = 'refunded' or (${invoices.status} = 'paid' and ${invoiceRefunded} >= ${invoices.grossCents} and ${invoiceRefunded} > 0))`);
      break;
  }
  return where.length ? and(...where) : undefined;
}

function invoicesFrom(db: Db) {
  return db
    .select({
      invoice: invoices,
      email: users.email,
      planName: orders.planName,
      serverName: orders.serverName,
      game: orders.game,
      provider: purchases.provider,
      paidOrderId: purchases.orderId,
      refundedCents: invoiceRefunded,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(purchases, eq(purchases.id, invoices.purchaseId));
}

export type InvoiceListRow = Awaited<ReturnType<ReturnType<typeof invoicesFrom>['execute']>>[number];

export async function listInvoices(db: Db, query: AdminInvoiceListQuery, limit = query.pageSize, offset = (query.page - 1) * query.pageSize) {
  const where = invoiceConditions(query);
  const [rows, [counted]] = await Promise.all([
    invoicesFrom(db)
      .where(where)
      .orderBy(...sortBy(query.sort, invoices.issuedAt, invoices.grossCents, invoices.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .leftJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(purchases, eq(purchases.id, invoices.purchaseId))
      .where(where),
  ]);
  return { rows, total: counted?.n ?? 0 };
}
