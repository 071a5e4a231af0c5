import { eq } from 'drizzle-orm';
import { formatCents } from '../../../shared/money';
import { regionMoveErrors } from '../../../shared/schemas/region-moves';
import { orders, purchases, regionMoves, type OrderLine } from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { HttpError } from '../../lib/errors';
import { announceCommission, recordReferralCommission } from '../affiliate';
import { issuePaidInvoice, defaultPaymentMethod } from '../billing';
import { addLedgerEntry, lockedBalanceCents } from '../../lib/credit-ledger';
import { durationLabel, hasOpenRenewal, lockServer, openChangeOf } from '../plan-changes';
import { taxColumns } from '../tax';
import type { RegionMoveDeps } from './region-move-deps';
import type { MovePricing, PricedMove } from './region-move-pricing';
import { hasOpenSwitch, openMoveOf, updateMove, type RegionMoveRow } from './region-moves.repository';

/** A charge whose outcome was never written is settled again after this (same idempotency key). */
export const MOVE_CHARGE_LEASE_MS = 10 * 60 * 1000;

const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The invoice line of a move's prorated difference. */
export function moveLine(pricing: MovePricing, priced: PricedMove): OrderLine {
  const left = durationLabel(priced.proration.secondsLeft);
  return {
    description: `${pricing.server.name}: move from ${pricing.current.label} to ${priced.to.label}, prorated for the ${left} left until ${longDate(pricing.period.end)}`,
    quantity: 1,
    unitCents: priced.amountCents,
    amountCents: priced.amountCents,
  };
}

/**
 * Inserts the move under the server's row lock, so two requests make one move and the second is
 * told one is under way. A charge takes account credit first (booked now, given back when the card
 * declines or the move rolls back) and gets an order priced now, which becomes the invoice.
 */
export async function claimMove(deps: RegionMoveDeps, pricing: MovePricing, priced: PricedMove): Promise<RegionMoveRow> {
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  const charge = priced.grossCents > 0;
  const orderId = charge ? deps.ids.uuid() : null;
  const { server } = pricing;
  return deps.db.transaction(async (tx) => {
    const locked = await lockServer(tx, server.id);
    if (!locked || locked.location !== server.location || locked.panelServerId !== server.panelServerId) {
      throw new HttpError(409, 'move_open', regionMoveErrors.move_open);
    }
    if (await openMoveOf(tx, server.id)) throw new HttpError(409, 'move_open', regionMoveErrors.move_open);
    if (await openChangeOf(tx, server.id)) throw new HttpError(409, 'plan_change_open', regionMoveErrors.plan_change_open);
    if (await hasOpenRenewal(tx, server.id)) throw new HttpError(409, 'renewal_open', regionMoveErrors.renewal_open);
    if (await hasOpenSwitch(tx, server.id)) throw new HttpError(409, 'switch_open', regionMoveErrors.switch_open);
    let creditCents = 0;
    if (charge) {
      creditCents = Math.max(0, Math.min(await lockedBalanceCents(tx, server.userId), priced.grossCents));
      if (creditCents < priced.grossCents && !pricing.savedCard) throw new HttpError(402, 'payment_required', regionMoveErrors.payment_required);
      const line = moveLine(pricing, priced);
      await tx.insert(orders).values({
        id: orderId!,
        userId: server.userId,
        kind: 'region_move',
        game: server.game,
        planId: server.planId,
        period: server.period,
        months: pricing.order.months,
        location: priced.to.value,
        addons: server.addons,
        serverName: server.name,
        planName: `Move to ${priced.to.label}`,
        lines: [line],
        subtotalCents: priced.amountCents,
        discountCents: 0,
        totalCents: priced.amountCents,
        ...taxColumns(priced.breakdown),
        buyer: pricing.tax.buyer,
        catalogVersion: pricing.catalogVersion,
        currency: 'usd',
        provider: deps.payments.id,
        status: 'pending',
        createdAt: now,
        expiresAt: new Date(now.getTime() + MOVE_CHARGE_LEASE_MS),
      });
    }
    const [row] = await tx
      .insert(regionMoves)
      .values({
        id,
        serverId: server.id,
        userId: server.userId,
        status: charge ? 'charging' : 'running',
        step: charge ? null : 'stop',
        fromLocation: server.location,
        fromLabel: pricing.current.label,
        toLocation: priced.to.value,
        toLabel: priced.to.label,
        oldPanelServerId: server.panelServerId!,
        oldIdentifier: server.panelIdentifier,
        oldIp: server.ip,
        oldPort: server.port,
        oldPanelUrl: server.panelUrl,
        catalogVersion: pricing.catalogVersion,
        periodStart: pricing.period.start,
        periodEnd: pricing.period.end,
        fromCents: priced.fromCents,
        toCents: priced.toCents,
        amountCents: priced.amountCents,
        grossCents: priced.grossCents,
        creditCents,
        renewalCents: priced.renewal?.baseCents ?? null,
        renewalLines: priced.renewal?.lines ?? null,
        renewalSubtotalCents: priced.renewal?.subtotalCents ?? null,
        renewalDiscountCents: priced.renewal?.discountCents ?? null,
        orderId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: server.userId,
        amountCents: -creditCents,
        kind: 'credit_applied',
        reason: `Applied to the move of ${server.name} to ${priced.to.label}`,
        referenceId: `region-move:${id}`,
        createdAt: now,
      });
    }
    return row!;
  });
}

async function chargeRest(deps: RegionMoveDeps, move: RegionMoveRow): Promise<{ ok: true; paymentId: string | null } | { ok: false; reason: string }> {
  const toCharge = move.grossCents - move.creditCents;
  if (toCharge <= 0) return { ok: true, paymentId: null };
  const card = await defaultPaymentMethod(deps, move.userId);
  if (!card || !deps.payments.chargeSaved) return { ok: false, reason: 'There is no saved card to charge.' };
  try {
    return await deps.payments.chargeSaved(card.id, toCharge, `Move to ${move.toLabel} (${formatCents(toCharge)})`, {
      idempotencyKey: `region-move-${move.id}`,
      metadata: { region_move_id: move.id, server_id: move.serverId },
    });
  } catch (error) {
    deps.log.error({ err: error, moveId: move.id }, 'region move charge errored');
    return { ok: false, reason: 'We could not reach the payment provider.' };
  }
}

/** The card declined: nothing moves, and the credit the charge had taken goes back. */
async function failCharge(deps: RegionMoveDeps, move: RegionMoveRow, reason: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const cancelled = await updateMove(tx, move.id, { status: ['charging'] }, { status: 'cancelled', reason, completedAt: now, updatedAt: now });
    if (cancelled && move.orderId) await tx.update(orders).set({ status: 'expired' }).where(eq(orders.id, move.orderId));
    if (cancelled && move.creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: move.userId,
        amountCents: move.creditCents,
        kind: 'refund_credit',
        reason: `Credit returned: the move to ${move.toLabel} was not paid`,
        referenceId: `region-move-return:${move.id}`,
        createdAt: now,
      });
    }
  });
  await logActivity(deps, { userId: move.userId, kind: 'payment', message: `Payment for the move to ${move.toLabel} failed: ${reason}`, subjectId: move.serverId });
  deps.events.publish(move.userId, { topic: 'servers', id: move.serverId });
}

/** The charge went through: the order paid, a purchase and its invoice, and the move starts (one transaction). */
async function recordPayment(deps: RegionMoveDeps, move: RegionMoveRow, paymentId: string | null): Promise<RegionMoveRow> {
  const now = deps.clock.now();
  const purchaseId = deps.ids.uuid();
  const done = await deps.db.transaction(async (tx) => {
    const started = await updateMove(tx, move.id, { status: ['charging'] }, { status: 'running', step: 'stop', providerPaymentId: paymentId, updatedAt: now });
    if (!started || !move.orderId) return null;
    const [order] = await tx.update(orders).set({ status: 'paid', paidAt: now }).where(eq(orders.id, move.orderId)).returning();
    if (!order) throw new Error(`region move ${move.id}: its order is missing`);
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: move.userId,
      orderId: order.id,
      planName: order.planName,
      amountCents: move.grossCents,
      status: 'paid',
      provider: deps.payments.id,
      providerPaymentId: paymentId,
      createdAt: now,
    });
    const invoice = await issuePaidInvoice(tx, deps.ids, order, purchaseId, now);
    const commissionable = Math.min(move.grossCents - move.creditCents, Math.max(0, order.netCents - move.creditCents));
    const commission =
      commissionable > 0
        ? await recordReferralCommission(tx, deps.ids, { purchaseId, customerUserId: move.userId, planName: order.planName, paymentCents: commissionable, paidAt: now })
        : null;
    const row = await updateMove(tx, move.id, { status: ['running'] }, { invoiceId: invoice.id, updatedAt: now });
    return { row: row!, invoice, commission };
  });
  if (!done) throw new HttpError(409, 'move_open', regionMoveErrors.move_open);
  if (done.commission) await announceCommission(deps, done.commission).catch((error: unknown) => deps.log.warn({ err: error }, 'could not announce a commission'));
  await logActivity(deps, {
    userId: move.userId,
    kind: 'payment',
    message: `Payment of ${formatCents(move.grossCents)} received for the move to ${move.toLabel} (invoice ${done.invoice.number})`,
    subjectId: move.serverId,
  }).catch(() => undefined);
  for (const topic of ['billing', 'purchases'] as const) deps.events.publish(move.userId, { topic, id: move.serverId });
  return done.row;
}

/**
 * Pays a move that costs more: account credit, then the saved card off-session (as renewals are
 * charged). Answers the running move, or throws 402 with the card's refusal (nothing moved).
 */
export async function payForMove(deps: RegionMoveDeps, move: RegionMoveRow): Promise<RegionMoveRow> {
  const outcome = await chargeRest(deps, move);
  if (outcome.ok) return recordPayment(deps, move, outcome.paymentId);
  await failCharge(deps, move, outcome.reason);
  throw new HttpError(402, 'card_declined', `${outcome.reason} Nothing was charged and the server was not moved.`);
}

/** Settles a charge a stopped process left claimed: the same idempotency key charges at most once. */
export async function settleStaleMoveCharge(deps: RegionMoveDeps, move: RegionMoveRow): Promise<RegionMoveRow | null> {
  const outcome = await chargeRest(deps, move);
  if (outcome.ok) return recordPayment(deps, move, outcome.paymentId).catch(() => null);
  await failCharge(deps, move, outcome.reason);
  return null;
}
