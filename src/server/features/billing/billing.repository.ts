import { and, asc, desc, eq, gte, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditNotes, invoices, localCheckoutSessions, orders, purchases, serviceCancellations, servers, users } from '../../db/schema';
import { applyTax } from '../../../shared/tax';
import { priceInForce } from '../catalog';
import { priceBeforeCoupon, renewalPrice } from '../coupons';
import { treatmentsFor } from '../tax';

/** Servers that still run (or will): a failed or cancelled one is never billed again. */
const ended = ['cancelled', 'failed'] as const;

/**
 * The customer's live services with what their next renewal charges and any cancellation: the
 * price a renewal of that period will charge (an announced price change due by then, else the
 * first order's period price, as runRenewals prices it), less the coupon while it still covers
 * that period, taxed for the customer's billing details now (periodTotalCents is that gross).
 */
export async function billableServices(db: Db, userId: string) {
  const rows = await db
    .select({
      serverId: servers.id,
      name: servers.name,
      planName: servers.planName,
      currency: servers.currency,
      renewsAt: servers.renewsAt,
      order: { id: orders.id, totalCents: orders.totalCents, lines: orders.lines, taxInclusive: orders.taxInclusive },
      cancelAt: serviceCancellations.cancelAt,
    })
    .from(servers)
    .innerJoin(orders, eq(orders.id, servers.orderId))
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, servers.id))
    .where(and(eq(servers.userId, userId), notInArray(servers.status, [...ended])))
    .orderBy(asc(servers.renewsAt), asc(servers.createdAt));
  const services = [];
  const treatment = rows.length ? await treatmentsFor(db, userId) : null;
  for (const { order, ...service } of rows) {
    const change = await priceInForce(db, service.serverId, service.renewsAt);
    const baseCents = change?.newCents ?? priceBeforeCoupon(order);
    const next = await renewalPrice(db, { orderId: order.id, serverId: service.serverId, periodStart: service.renewsAt, baseCents, currency: service.currency });
    services.push({ ...service, periodTotalCents: applyTax(next.amountCents, treatment!(order.taxInclusive)).grossCents });
  }
  return services;
}

/** Paid in `currency` between the two dates, less refunds: amounts of other currencies are never added in. */
export async function paidInRange(db: Db, userId: string, from: Date, to: Date, currency: string): Promise<number> {
  const [row] = await db
    // Less what credit notes gave back: an invoice is never edited when it is refunded.
    .select({
      total: sql<string | null>`sum(${invoices.grossCents} - coalesce((select sum(cn.amount_cents) from credit_notes cn where cn.invoice_id = "invoices"."id"), 0))`,
    })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.currency, currency), eq(invoices.status, 'paid'), gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)));
  return Number(row?.total ?? 0);
}

const invoiceColumns = {
  invoice: invoices,
  planName: orders.planName,
  serverName: orders.serverName,
  provider: orders.provider,
  refundedAt: purchases.refundedAt,
  purchaseProvider: purchases.provider,
  cardBrand: localCheckoutSessions.cardBrand,
  cardLast4: localCheckoutSessions.cardLast4,
};

function invoiceQuery(db: Db) {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(purchases, eq(purchases.id, invoices.purchaseId))
    .leftJoin(localCheckoutSessions, eq(localCheckoutSessions.id, orders.providerSessionId));
}

export type InvoiceRow = Awaited<ReturnType<typeof ownInvoices>>[number];

export async function ownInvoices(db: Db, userId: string) {
  return invoiceQuery(db).where(eq(invoices.userId, userId)).orderBy(desc(invoices.issuedAt), desc(invoices.number));
}

export async function ownInvoice(db: Db, userId: string, invoiceId: string) {
  const [row] = await invoiceQuery(db).where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row;
}

export async function customerOf(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function ownLiveServer(db: Db, userId: string, serverId: string) {
  const [row] = await db
    .select({ server: servers, cancelAt: serviceCancellations.cancelAt })
    .from(servers)
    .leftJoin(serviceCancellations, eq(serviceCancellations.serverId, servers.id))
    .where(and(eq(servers.id, serverId), eq(servers.userId, userId)));
  return row;
}

/** Cancellations not yet carried out, for the job that suspends and deletes at period end. */
export async function dueCancellations(db: Db, now: Date) {
  return db
    .select({ serverId: serviceCancellations.serverId, userId: serviceCancellations.userId, cancelAt: serviceCancellations.cancelAt })
    .from(serviceCancellations)
    .innerJoin(servers, eq(servers.id, serviceCancellations.serverId))
    .where(and(lte(serviceCancellations.cancelAt, now), notInArray(servers.status, [...ended])));
}

/** The customer's credit notes, newest first, with the invoice each corrects. */
export async function ownCreditNotes(db: Db, userId: string) {
  return db
    .select({ note: creditNotes, invoiceNumber: invoices.number })
    .from(creditNotes)
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .where(eq(creditNotes.userId, userId))
    .orderBy(desc(creditNotes.issuedAt), desc(creditNotes.number));
}

export async function ownCreditNote(db: Db, userId: string, creditNoteId: string) {
  const [row] = await db
    .select({ note: creditNotes, invoice: invoices, planName: orders.planName, serverName: orders.serverName })
    .from(creditNotes)
    .leftJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
    .leftJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(creditNotes.id, creditNoteId), eq(creditNotes.userId, userId)));
  return row;
}

/** Whose an invoice or credit note is, for staff's download of it; undefined when there is none. */
export async function documentOwner(db: Db, kind: 'invoice' | 'credit_note', id: string): Promise<string | undefined> {
  const [row] =
    kind === 'invoice'
      ? await db.select({ userId: invoices.userId }).from(invoices).where(eq(invoices.id, id))
      : await db.select({ userId: creditNotes.userId }).from(creditNotes).where(eq(creditNotes.id, id));
  return row?.userId ?? undefined;
}

/**
 * The language an account chose for itself (null to follow its browser), and the one it last
 * signed in or up with (decision 078), for what is made without a request.
 */
export async function accountLanguage(db: Db, userId: string): Promise<{ preferred: string | null; last: string | null }> {
  const [row] = await db.select({ preferences: users.preferences, last: users.lastLocale }).from(users).where(eq(users.id, userId));
  return { preferred: row?.preferences.language ?? null, last: row?.last ?? null };
}
