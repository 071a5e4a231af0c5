import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import { regionMoveErrors } from '../../../shared/schemas/region-moves';
import { regionMoves, type OrderLine } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { HttpError } from '../../lib/errors';
import {
  claimPaidChange,
  hasOpenRenewal,
  payClaimedChange,
  PAID_CHANGE_LEASE_MS,
  proratedLine,
  settleStaleCharge,
  type PaidChangeKind,
} from '../billing';
import { customerLanguage } from '../i18n';
import { changeUnderWay } from '../servers';
import type { RegionMoveDeps } from './region-move-deps';
import type { MovePricing, PricedMove } from './region-move-pricing';
import { hasOpenSwitch, openMoveOf, updateMove, type RegionMoveRow } from './region-moves.repository';

/** A charge whose outcome was never written is settled again after this (same idempotency key). */
export const MOVE_CHARGE_LEASE_MS = PAID_CHANGE_LEASE_MS;

/** The invoice line of a move's prorated difference. */
export function moveLine(pricing: MovePricing, priced: PricedMove): OrderLine {
  const [from, to] = [pricing.current.label, priced.to.label];
  return proratedLine(pricing.server.name, { key: 'line.regionMove', from, to, english: `move from ${from} to ${to}` }, priced.proration.secondsLeft, pricing.period.end, priced.amountCents);
}

/** What a move's payment is, for billing's one payment flow (decision 043): a declined card cancels the move. */
function movePayment(deps: RegionMoveDeps): PaidChangeKind<RegionMoveRow> {
  return {
    key: 'region-move',
    metadataKey: 'region_move_id',
    money: (move) => move,
    subject: (move) => `the move to ${move.toLabel}`,
    failedText: (move, reason) => said('activity.change.failed', { what: 'move', target: move.toLabel, reason }),
    chargeLabel: (move, say) => say('line.moveTo', { location: move.toLabel }) ?? `Move to ${move.toLabel}`,
    locale: (move) => move.locale,
    declinedNote: 'Nothing was charged and the server was not moved.',
    conflict: () => new HttpError(409, 'move_open', regionMoveErrors.move_open),
    stampCharge: async (db, move, stamp) =>
      void (await db.update(regionMoves).set(stamp).where(and(eq(regionMoves.id, move.id), eq(regionMoves.status, 'charging'), isNull(regionMoves.chargeMethodId)))),
    markFailed: async (tx, move, reason, now) =>
      !!(await updateMove(tx, move.id, { status: ['charging'] }, { status: 'cancelled', reason, completedAt: now, updatedAt: now })),
    markPaid: async (tx, move, paymentId, now) =>
      !!(await updateMove(tx, move.id, { status: ['charging'] }, { status: 'running', step: 'stop', providerPaymentId: paymentId, updatedAt: now })),
    markInvoiced: async (tx, move, invoiceId, _paymentId, now) => (await updateMove(tx, move.id, { status: ['running'] }, { invoiceId, updatedAt: now }))!,
    async afterPaid(move, invoiceNumber) {
      await logActivity(deps, {
        userId: move.userId,
        kind: 'payment',
        text: said('activity.move.paid', { to: move.toLabel, invoice: invoiceNumber }, { money: { amount: { cents: move.grossCents, currency: move.currency } } }),
        subjectId: move.serverId,
      }).catch(() => undefined);
      for (const topic of ['billing', 'purchases'] as const) deps.events.publish(move.userId, { topic, id: move.serverId });
    },
  };
}

/**
 * Claims the move under the server's row lock (billing's claim), so two requests make one move and
 * the second is told one is under way. A move that costs more takes account credit first (booked
 * now, given back when the card declines or the move rolls back) and gets an order priced now,
 * which becomes the invoice; one that neither the credit nor a saved card can pay is refused.
 * The customer's language is stored with it: its card charge is worded in it (decision 082).
 */
export async function claimMove(deps: RegionMoveDeps, pricing: MovePricing, priced: PricedMove, requestLocale?: Locale): Promise<RegionMoveRow> {
  const { server } = pricing;
  const charge = priced.grossCents > 0;
  const locale = await customerLanguage(deps.db, server.userId, requestLocale);
  return claimPaidChange(deps, movePayment(deps), {
    serverId: server.id,
    async refuse(tx, locked) {
      if (locked.location !== server.location || locked.panelServerId !== server.panelServerId) {
        throw new HttpError(409, 'move_open', regionMoveErrors.move_open);
      }
      if (await openMoveOf(tx, server.id)) throw new HttpError(409, 'move_open', regionMoveErrors.move_open);
      if (await changeUnderWay(tx, server.id)) throw new HttpError(409, 'plan_change_open', regionMoveErrors.plan_change_open);
      if (await hasOpenRenewal(tx, server.id)) throw new HttpError(409, 'renewal_open', regionMoveErrors.renewal_open);
      if (await hasOpenSwitch(tx, server.id)) throw new HttpError(409, 'switch_open', regionMoveErrors.switch_open);
    },
    payment: charge
      ? {
          grossCents: priced.grossCents,
          useCredit: true,
          refuseUnpayable(creditCents) {
            if (creditCents < priced.grossCents && !pricing.savedCard) throw new HttpError(402, 'payment_required', regionMoveErrors.payment_required);
          },
          creditReason: () => `Applied to the move of ${server.name} to ${priced.to.label}`,
          orderTtlMs: MOVE_CHARGE_LEASE_MS,
          order: {
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
            buyer: pricing.tax.buyer,
            catalogVersion: pricing.catalogVersion,
            line: moveLine(pricing, priced),
            breakdown: priced.breakdown,
          },
        }
      : undefined,
    async insert(tx, { id, creditCents, orderId, now }) {
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
          currency: server.currency,
          amountCents: priced.amountCents,
          grossCents: priced.grossCents,
          creditCents,
          renewalCents: priced.renewal?.baseCents ?? null,
          renewalLines: priced.renewal?.lines ?? null,
          renewalSubtotalCents: priced.renewal?.subtotalCents ?? null,
          renewalDiscountCents: priced.renewal?.discountCents ?? null,
          orderId,
          locale,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!;
    },
  });
}

/**
 * Pays a move that costs more: account credit, then the saved card off-session (as renewals are
 * charged). Answers the running move; the move still 'charging' when the charge's outcome is
 * unknown (the sweep settles it, decision 084); or throws 402 with the card's refusal (nothing moved).
 */
export function payForMove(deps: RegionMoveDeps, move: RegionMoveRow): Promise<RegionMoveRow> {
  return payClaimedChange(deps, movePayment(deps), move);
}

/**
 * Settles a charge left claimed (a stopped process, or an answer that never came): the same
 * idempotency key charges at most once. Answers the running move; null when the card declined or
 * the move could not be settled now (an unknown outcome is left claimed for the next sweep, decision 084).
 */
export async function settleStaleMoveCharge(deps: RegionMoveDeps, move: RegionMoveRow): Promise<RegionMoveRow | null> {
  try {
    const settled = await settleStaleCharge(deps, movePayment(deps), move);
    return settled === 'unknown' ? null : settled;
  } catch (error) {
    deps.log.error({ err: error, moveId: move.id }, 'could not settle a region move charge; the next sweep tries again');
    return null;
  }
}
