import { and, eq, lt } from 'drizzle-orm';
import { formatMoney } from '../../../shared/money';
import type { Db, Executor } from '../../db/client';
import { creditNotes, orders, purchases, refunds, users, type RefundMethod } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments/payment-provider';
import { logActivity, said } from '../../lib/activity';
import { conflict, HttpError, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Clock, Ids } from '../../lib/runtime';
import { announceReduction, announceReversal, reduceReferralCommission, reverseReferralCommission, type CommissionReduction, type CommissionRow } from '../affiliate';
import { recordAudit, type ServiceActor, type StaffActor } from '../../lib/audit';
import type { Logger } from '../../lib/logger';
import { addLedgerEntry } from '../../lib/credit-ledger';
import { taxShare } from '../../../shared/tax';
import { buyerSnapshot, storeTax, billingDetailsRow, emailOf } from '../tax';
import { getBusinessRules } from '../brand';
import { nextDocumentNumber } from './document-numbers';
import type { RefundNotices } from './refund-issued.emails';
import {
  creditedOfInvoice,
  invoiceOfPurchase,
  lockPurchase,
  orderRow,
  paymentSplit,
  refundTotals,
  type RefundRow,
} from './refunds.repository';

export interface RefundServiceDeps {
  db: Db;
  clock: Clock;
  ids: Ids;
  payments: PaymentProvider;
  events: EventBus;
  log: Logger;
  /** The customer's refund email, owed by a job written with the refund and sent beside it (decision 086). Absent: no email. */
  refundNotices?: RefundNotices;
}

export interface RefundRequest {
  orderId: string;
  amountCents: number;
  method: RefundMethod;
  reason: string;
  cancelService: boolean;
  /** The staff member asking; null when the system refunds (a set-up that could not be fixed). */
  actor: StaffActor | null;
  /** Made at the provider itself (its dashboard), named here for the audit log. */
  atProvider?: string;
}

/** Where an order's money stands: what was paid, how, and what a refund may still take. */
export interface RefundPosition {
  /** The order's currency: a refund, its credit note and any credit stay in it (decision 053). */
  currency: string;
  paidCents: number;
  cardPaidCents: number;
  refundedCents: number;
  cardRefundedCents: number;
  remainingCents: number;
  cardRemainingCents: number;
  paidAt: Date;
}

const HOUR_MS = 60 * 60 * 1000;

/** The end of the money-back window (Settings → Business rules) after a payment. */
export function refundWindowEnd(paidAt: Date, windowHours: number): Date {
  return new Date(paidAt.getTime() + windowHours * HOUR_MS);
}

export async function refundPosition(db: Executor, purchase: typeof purchases.$inferSelect, orderId: string): Promise<RefundPosition> {
  const [totals, split, [order]] = await Promise.all([
    refundTotals(db, purchase.id),
    paymentSplit(db, purchase, orderId),
    db.select({ currency: orders.currency }).from(orders).where(eq(orders.id, orderId)),
  ]);
  // A purchase refunded before refunds were itemised has no refund rows: nothing is left of it.
  const legacy = purchase.status === 'refunded' && totals.refundedCents === 0;
  const refundedCents = legacy ? purchase.amountCents : totals.refundedCents;
  const cardRefundedCents = legacy ? split.cardCents : totals.cardRefundedCents;
  const remainingCents = Math.max(0, purchase.amountCents - refundedCents);
  return {
    currency: order?.currency ?? 'usd',
    paidCents: purchase.amountCents,
    cardPaidCents: split.cardCents,
    refundedCents,
    cardRefundedCents,
    remainingCents,
    cardRemainingCents: Math.max(0, Math.min(remainingCents, split.cardCents - cardRefundedCents)),
    paidAt: purchase.createdAt,
  };
}

function refuseAmount(position: RefundPosition, request: RefundRequest) {
  if (position.remainingCents === 0) throw conflict('This order is already fully refunded.');
  if (request.amountCents > position.remainingCents) {
    throw new HttpError(409, 'refund_too_large', `That is more than is left to refund. At most ${formatMoney(position.remainingCents, position.currency)} can be refunded.`, {
      amountCents: `At most ${formatMoney(position.remainingCents, position.currency)}`,
    });
  }
  if (request.method === 'card' && request.amountCents > position.cardRemainingCents) {
    const message =
      position.cardRemainingCents === 0
        ? 'Nothing of this payment can go back to a card. Refund it to account credit instead.'
        : `At most ${formatMoney(position.cardRemainingCents, position.currency)} can go back to the card; refund the rest to account credit.`;
    throw new HttpError(409, 'refund_too_large', message, { amountCents: message });
  }
}

/**
 * Step one, in a transaction holding the purchase row: check the amount against what is left and
 * write the refund as pending, so a second refund racing this one sees it and cannot pass the total.
 */
async function reserve(deps: RefundServiceDeps, request: RefundRequest) {
  return deps.db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, request.orderId);
    if (!purchase) throw conflict('This order has no payment to refund.');
    if (request.method === 'card') {
      if (purchase.provider !== deps.payments.id) {
        throw conflict(`This order was paid with ${purchase.provider}, but ${deps.payments.displayName} is the payment provider now. Refund it to account credit instead.`);
      }
    }
    const position = await refundPosition(tx, purchase, request.orderId);
    refuseAmount(position, request);
    const now = deps.clock.now();
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: deps.ids.uuid(),
        purchaseId: purchase.id,
        invoiceId: (await invoiceOfPurchase(tx, purchase.id))?.id ?? null,
        orderId: request.orderId,
        userId: purchase.userId,
        amountCents: request.amountCents,
        currency: position.currency,
        method: request.method,
        status: 'pending',
        reason: request.reason.slice(0, 500),
        cancelService: request.cancelService,
        createdBy: request.actor?.id ?? null,
        createdAt: now,
      })
      .returning();
    return { refund: refund!, purchase, position };
  });
}

type Commission = { full: { commission: CommissionRow; reversed: boolean } | null; partial: CommissionReduction | null };

/**
 * Step two, once the money has moved: the refund is made, its credit note issued, credit booked,
 * the purchase and order closed when nothing is left, the commission lowered, and the audit
 * record written, all in one transaction. The invoice is never touched.
 */
async function complete(deps: RefundServiceDeps, request: RefundRequest, refund: RefundRow) {
  // The note states the refund time in force now (decision 082). Read before the transaction: on
  // PGlite a query outside it would wait for it to end.
  const { refundDaysMin, refundDaysMax } = await getBusinessRules(deps.db);
  // Without its queue the refund is still booked; its email then goes beside the request only.
  const notices = deps.refundNotices;
  const durable = notices
    ? await notices.prepare().then(
        () => true,
        (error: unknown) => {
          deps.log.error({ err: error, refundId: refund.id }, 'could not prepare the refund email job');
          return false;
        },
      )
    : false;
  return deps.db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, request.orderId);
    if (!purchase) throw new Error(`refund ${refund.id}: the purchase went away`);
    const now = deps.clock.now();
    const [made] = await tx
      .update(refunds)
      .set({ status: 'succeeded', completedAt: now })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    if (!made) throw new Error(`refund ${refund.id} was no longer pending`);
    const invoice = await invoiceOfPurchase(tx, purchase.id);
    // The invoice's tax, in proportion to the part refunded, counted on from the notes before.
    const before = invoice ? await creditedOfInvoice(tx, invoice.id) : { grossCents: 0, netCents: 0 };
    const share = invoice
      ? taxShare({ grossCents: invoice.grossCents, lines: invoice.taxLines }, refund.amountCents, before.grossCents)
      : { lines: [], taxCents: 0, netCents: refund.amountCents };
    const { seller } = await storeTax(tx);
    const details = await billingDetailsRow(tx, purchase.userId);
    const buyer = details ? buyerSnapshot(details, await emailOf(tx, purchase.userId)) : (invoice?.buyer ?? null);
    const number = await nextDocumentNumber(tx, 'credit_note');
    const creditNoteId = deps.ids.uuid();
    await tx.insert(creditNotes).values({
      id: creditNoteId,
      number,
      refundId: refund.id,
      invoiceId: invoice?.id ?? null,
      userId: purchase.userId,
      amountCents: refund.amountCents,
      currency: refund.currency,
      netCents: share.netCents,
      taxCents: share.taxCents,
      taxLines: share.lines,
      seller,
      buyer,
      method: refund.method,
      reason: refund.reason,
      refundDaysMin,
      refundDaysMax,
      issuedAt: now,
    });
    if (durable && notices) await notices.record(tx, { userId: purchase.userId, creditNoteId });
    if (refund.method === 'credit') {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: purchase.userId,
        amountCents: refund.amountCents,
        currency: refund.currency,
        kind: 'refund_credit',
        reason: `Refund of ${invoice?.number ?? purchase.planName} (${number})`,
        referenceId: refund.id,
        createdBy: request.actor?.id ?? null,
        createdAt: now,
      });
    }
    const after = await refundPosition(tx, purchase, request.orderId);
    const commission: Commission = { full: null, partial: null };
    if (after.remainingCents === 0) {
      await tx
        .update(purchases)
        .set({ status: 'refunded', refundedAt: now, refundReason: refund.reason })
        .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'paid')));
      await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, request.orderId));
      commission.full = await reverseReferralCommission(tx, purchase.id, now);
    } else {
      // Commission was earned on the net: what the customer keeps of it, without the refunded tax.
      const kept = invoice ? Math.max(0, invoice.netCents - before.netCents - share.netCents) : after.remainingCents;
      commission.partial = await reduceReferralCommission(tx, purchase.id, kept);
    }
    const auditActor: StaffActor | ServiceActor | null =
      request.actor ?? (request.atProvider ? { id: null, email: request.atProvider, role: 'service', ip: null } : null);
    if (auditActor) {
      await recordAudit(tx, deps, auditActor, {
        action: 'order.refunded',
        targetType: 'order',
        targetId: request.orderId,
        targetLabel: invoice ? `${invoice.number} · ${purchase.planName}` : purchase.planName,
        before: { refundedCents: after.refundedCents - refund.amountCents },
        after: {
          refundedCents: after.refundedCents,
          amountCents: refund.amountCents,
          method: refund.method,
          creditNote: number,
          cancelService: refund.cancelService,
        },
        reason: refund.reason,
      });
    }
    await logActivity(
      { db: tx, clock: deps.clock, ids: deps.ids },
      {
        userId: purchase.userId,
        kind: 'refund',
        text: said(
          'activity.refund.made',
          { plan: purchase.planName, method: refund.method, number, reason: refund.reason },
          { money: { amount: { cents: refund.amountCents, currency: refund.currency } } },
        ),
        subjectId: request.orderId,
      },
    );
    return { purchase, creditNote: { id: creditNoteId, number }, commission };
  });
}

/** A refund the provider refused: it no longer counts, and staff see why (and the audit log says so). */
async function fail(deps: RefundServiceDeps, request: RefundRequest, refund: RefundRow, error: unknown) {
  const message = error instanceof Error ? error.message.slice(0, 500) : 'The payment provider refused the refund.';
  await deps.db.transaction(async (tx) => {
    await tx
      .update(refunds)
      .set({ status: 'failed', error: message, completedAt: deps.clock.now() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    const auditActor: StaffActor | ServiceActor | null =
      request.actor ?? (request.atProvider ? { id: null, email: request.atProvider, role: 'service', ip: null } : null);
    if (auditActor) {
      await recordAudit(tx, deps, auditActor, {
        action: 'order.refund_failed',
        targetType: 'order',
        targetId: request.orderId,
        after: { amountCents: refund.amountCents, method: refund.method, error: message },
        reason: refund.reason,
      });
    }
  });
}

export interface RefundResult {
  refundId: string;
  creditNote: { id: string; number: string };
}

/**
 * Refunds part or all of an order's payment, to the card or to account credit. The sum of refunds
 * never passes what was paid, even when two race: each is reserved under the purchase's row lock
 * before any money moves. A card refund is asked of the provider with the refund's own
 * idempotency key; if the provider refuses, the refund is marked failed and nothing else changes.
 */
export async function refundOrder(deps: RefundServiceDeps, request: RefundRequest): Promise<RefundResult> {
  const order = await orderRow(deps.db, request.orderId);
  if (!order) throw notFound('That order was not found.');
  const { refund, purchase } = await reserve(deps, request);
  if (refund.method === 'card') {
    try {
      if (!purchase.providerPaymentId) throw new Error('The payment has no provider payment id to refund.');
      await deps.payments.refund(purchase.providerPaymentId, refund.amountCents, refund.reason, {
        idempotencyKey: `refund-${refund.id}`,
      });
    } catch (error) {
      deps.log.warn({ err: error, orderId: request.orderId, refundId: refund.id }, 'payment provider refused a refund');
      await fail(deps, request, refund, error);
      throw new HttpError(502, 'refund_failed', 'The payment provider did not make the refund, so nothing was refunded. Please try again, or refund to account credit.');
    }
  }
  return finish(deps, request, refund);
}

/** Books a refund whose money has moved, then tells the affiliate and the customer's open pages. */
async function finish(deps: RefundServiceDeps, request: RefundRequest, refund: RefundRow): Promise<RefundResult> {
  const done = await complete(deps, request, refund);
  if (done.commission.full) await announceReversal(deps, done.commission.full);
  if (done.commission.partial) await announceReduction(deps, done.commission.partial);
  for (const topic of ['purchases', 'orders', 'billing'] as const) {
    deps.events.publish(done.purchase.userId, { topic, id: topic === 'purchases' ? done.purchase.id : request.orderId });
  }
  // The money moved and is booked: an email that fails here is sent by the job written with the refund.
  if (deps.refundNotices) {
    await deps.refundNotices
      .send(done.purchase.userId, done.creditNote.id)
      .catch((error: unknown) => deps.log.error({ err: error, refundId: refund.id, creditNoteId: done.creditNote.id }, 'could not send the refund email'));
  }
  deps.log.info({ orderId: request.orderId, refundId: refund.id, amountCents: refund.amountCents, method: refund.method }, 'order refunded');
  return { refundId: refund.id, creditNote: done.creditNote };
}

/**
 * The provider says a payment has `refundedCents` refunded in all. What our card refunds (made or
 * in flight) do not account for was refunded at the provider itself (Stripe's dashboard): it is
 * booked as a card refund of its own, with its credit note, the purchase closed when nothing is
 * left and the commission lowered, exactly as a refund made here. A redelivered or older event
 * finds nothing missing and books nothing. Answers the amount booked.
 */
export async function recordProviderRefund(
  deps: RefundServiceDeps,
  provider: string,
  paymentId: string,
  refundedCents: number,
): Promise<number> {
  const [found] = await deps.db
    .select({ orderId: purchases.orderId })
    .from(purchases)
    .where(and(eq(purchases.provider, provider), eq(purchases.providerPaymentId, paymentId)));
  if (!found) {
    deps.log.warn({ provider, paymentId }, 'the provider refunded a payment we have no purchase for');
    return 0;
  }
  const reason = `Refunded in ${deps.payments.id === provider ? deps.payments.displayName : provider}’s dashboard`;
  const reserved = await deps.db.transaction(async (tx) => {
    const purchase = await lockPurchase(tx, found.orderId);
    if (!purchase) return null;
    const position = await refundPosition(tx, purchase, found.orderId);
    const missing = refundedCents - position.cardRefundedCents;
    if (missing <= 0) return null;
    const amountCents = Math.min(missing, position.remainingCents);
    if (amountCents < missing) {
      deps.log.error({ orderId: found.orderId, paymentId, refundedCents, booked: position.refundedCents }, 'the provider refunded more than is left of the order');
    }
    if (amountCents <= 0) return null;
    const [refund] = await tx
      .insert(refunds)
      .values({
        id: deps.ids.uuid(),
        purchaseId: purchase.id,
        invoiceId: (await invoiceOfPurchase(tx, purchase.id))?.id ?? null,
        orderId: found.orderId,
        userId: purchase.userId,
        amountCents,
        currency: position.currency,
        method: 'card',
        status: 'pending',
        reason,
        cancelService: false,
        createdBy: null,
        createdAt: deps.clock.now(),
      })
      .returning();
    return refund!;
  });
  if (!reserved) return 0;
  const atProvider = `${deps.payments.id === provider ? deps.payments.displayName : provider} Dashboard`;
  await finish(deps, { orderId: found.orderId, amountCents: reserved.amountCents, method: 'card', reason, cancelService: false, actor: null, atProvider }, reserved);
  deps.log.warn({ orderId: found.orderId, paymentId, amountCents: reserved.amountCents }, 'booked a refund made at the payment provider');
  return reserved.amountCents;
}

/** Stripe forgets an idempotency key after 24 hours; past that a retry could refund twice. */
const RETRY_WINDOW_MS = 23 * 60 * 60 * 1000;

/**
 * Finishes refunds left pending by a process that stopped between asking the provider and booking
 * the result. A card refund is asked again with its own idempotency key (the provider answers the
 * refund it already made, or makes it now), then booked; a credit refund is booked. One the
 * provider refuses is marked failed. Refunds younger than `minAgeMs` may still be in flight and
 * are left alone. Answers how many were finished.
 */
export async function sweepPendingRefunds(deps: RefundServiceDeps, minAgeMs = 5 * 60 * 1000): Promise<number> {
  const now = deps.clock.now().getTime();
  const pending = await deps.db
    .select({ refund: refunds, purchase: purchases, actor: { id: users.id, email: users.email, role: users.role } })
    .from(refunds)
    .innerJoin(purchases, eq(purchases.id, refunds.purchaseId))
    .leftJoin(users, eq(users.id, refunds.createdBy))
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, new Date(now - minAgeMs))));
  let finished = 0;
  for (const { refund, purchase, actor } of pending) {
    const request: RefundRequest = {
      orderId: refund.orderId,
      amountCents: refund.amountCents,
      method: refund.method,
      reason: refund.reason,
      cancelService: refund.cancelService,
      actor: actor ? { ...actor, ip: null } : null,
    };
    if (refund.method === 'card') {
      if (now - refund.createdAt.getTime() > RETRY_WINDOW_MS && purchase.provider === 'stripe') {
        deps.log.error({ refundId: refund.id, orderId: refund.orderId }, 'a card refund has been pending for a day; check it at the payment provider');
        continue;
      }
      if (purchase.provider !== deps.payments.id || !purchase.providerPaymentId) {
        await fail(deps, request, refund, new Error(`The payment was made with ${purchase.provider}, which is not the payment provider now.`));
        continue;
      }
      try {
        await deps.payments.refund(purchase.providerPaymentId, refund.amountCents, refund.reason, { idempotencyKey: `refund-${refund.id}` });
      } catch (error) {
        deps.log.warn({ err: error, refundId: refund.id }, 'payment provider refused a pending refund');
        await fail(deps, request, refund, error);
        continue;
      }
    }
    try {
      await finish(deps, request, refund);
      finished += 1;
    } catch (error) {
      // The request that started it finished it meanwhile.
      deps.log.warn({ err: error, refundId: refund.id }, 'a pending refund was finished elsewhere');
    }
  }
  return finished;
}

/**
 * Refunds whatever is left of an order: back to the card what the card paid, the rest to credit.
 * Used when a server could not be set up. Asking again (or twice at once) refunds nothing more.
 */
export async function refundRemainder(deps: RefundServiceDeps, orderId: string, reason: string): Promise<void> {
  const [purchase] = await deps.db.select().from(purchases).where(eq(purchases.orderId, orderId));
  if (!purchase) throw new Error(`refund: order ${orderId} has no payment`);
  for (const method of ['card', 'credit'] as const) {
    const position = await refundPosition(deps.db, purchase, orderId);
    const amountCents = method === 'card' ? position.cardRemainingCents : position.remainingCents;
    if (amountCents <= 0) continue;
    try {
      await refundOrder(deps, { orderId, amountCents, method, reason, cancelService: false, actor: null });
    } catch (error) {
      // Another refund raced this one and took what was left: that is the outcome wanted.
      if (error instanceof HttpError && error.statusCode === 409) continue;
      throw error;
    }
  }
}
