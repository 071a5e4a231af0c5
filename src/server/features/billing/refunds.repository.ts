import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creditNotes, invoices, orders, planChanges, purchases, refunds, regionMoves, renewals, servers, users } from '../../db/schema';

export type RefundRow = typeof refunds.$inferSelect;
type PurchaseRow = typeof purchases.$inferSelect;

/** Refunds that count against what is left: made, or still being asked of the provider. */
const counted = ['pending', 'succeeded'] as const;

export interface RefundTotals {
  refundedCents: number;
  cardRefundedCents: number;
}

export async function refundTotals(db: Db, purchaseId: string): Promise<RefundTotals> {
  const [row] = await db
    .select({
      total: sql<string | null>`sum(${refunds.amountCents})`,
      card: sql<string | null>`sum(case when ${refunds.method} = 'card' then ${refunds.amountCents} else 0 end)`,
    })
    .from(refunds)
    .where(and(eq(refunds.purchaseId, purchaseId), inArray(refunds.status, [...counted])));
  return { refundedCents: Number(row?.total ?? 0), cardRefundedCents: Number(row?.card ?? 0) };
}

/**
 * What the customer paid with account credit: a renewal, an upgrade's prorated charge and a region
 * move's can each be paid partly or wholly from the balance. That part only ever goes back as credit.
 */
export async function creditPaidCents(db: Db, orderId: string): Promise<number> {
  const [row] = await db.select({ credit: renewals.creditCents }).from(renewals).where(eq(renewals.paidOrderId, orderId));
  if (row) return row.credit;
  const [change] = await db.select({ credit: planChanges.creditCents }).from(planChanges).where(eq(planChanges.orderId, orderId));
  if (change) return change.credit;
  const [move] = await db.select({ credit: regionMoves.creditCents }).from(regionMoves).where(eq(regionMoves.orderId, orderId));
  return move?.credit ?? 0;
}

/** The split of a payment: card (through the provider) and account credit. */
export async function paymentSplit(db: Db, purchase: PurchaseRow, orderId: string) {
  const creditCents = Math.min(purchase.amountCents, await creditPaidCents(db, orderId));
  const cardCents = purchase.providerPaymentId ? purchase.amountCents - creditCents : 0;
  return { cardCents, creditCents: purchase.amountCents - cardCents };
}

/** Locks the purchase row for the transaction: refunds of one payment are decided one at a time. */
export async function lockPurchase(tx: Db, orderId: string): Promise<PurchaseRow | undefined> {
  const [row] = await tx.select().from(purchases).where(eq(purchases.orderId, orderId)).for('update');
  return row;
}

export async function invoiceOfPurchase(db: Db, purchaseId: string) {
  const [row] = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      issuedAt: invoices.issuedAt,
      totalCents: invoices.totalCents,
      netCents: invoices.netCents,
      grossCents: invoices.grossCents,
      taxLines: invoices.taxLines,
      buyer: invoices.buyer,
    })
    .from(invoices)
    .where(eq(invoices.purchaseId, purchaseId));
  return row ?? null;
}

/** What the credit notes already issued against an invoice refunded, gross and net. */
export async function creditedOfInvoice(db: Db, invoiceId: string) {
  const [row] = await db
    .select({ gross: sql<string | null>`sum(${creditNotes.amountCents})`, net: sql<string | null>`sum(${creditNotes.netCents})` })
    .from(creditNotes)
    .where(eq(creditNotes.invoiceId, invoiceId));
  return { grossCents: Number(row?.gross ?? 0), netCents: Number(row?.net ?? 0) };
}

/** The server an order paid for: the one it created, or the one whose renewal it was. */
export async function serverOfOrder(db: Db, orderId: string) {
  const [direct] = await db
    .select({ id: servers.id, name: servers.name, status: servers.status, deletedAt: servers.deletedAt })
    .from(servers)
    .where(eq(servers.orderId, orderId));
  if (direct) return direct;
  const [renewed] = await db
    .select({ id: servers.id, name: servers.name, status: servers.status, deletedAt: servers.deletedAt })
    .from(renewals)
    .innerJoin(servers, eq(servers.id, renewals.serverId))
    .where(eq(renewals.paidOrderId, orderId));
  return renewed ?? null;
}

export async function orderRow(db: Db, orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Every refund of a purchase, oldest first, with its credit note and who asked for it. */
export async function refundsOfPurchase(db: Db, purchaseId: string) {
  return db
    .select({
      refund: refunds,
      creditNoteId: creditNotes.id,
      creditNoteNumber: creditNotes.number,
      createdByEmail: users.email,
    })
    .from(refunds)
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(eq(refunds.purchaseId, purchaseId))
    .orderBy(asc(refunds.createdAt), asc(refunds.id));
}
