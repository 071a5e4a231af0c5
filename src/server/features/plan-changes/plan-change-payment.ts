import { eq } from 'drizzle-orm';
import { formatCents } from '../../../shared/money';
import { planChangeErrors } from '../../../shared/schemas/plan-changes';
import type { Db } from '../../db/client';
import { orders, planChanges, purchases, type OrderLine } from '../../db/schema';
import { logActivity } from '../../lib/activity';
import { HttpError } from '../../lib/errors';
import { announceCommission, recordReferralCommission } from '../affiliate';
import { issuePaidInvoice, defaultPaymentMethod } from '../billing';
import { addLedgerEntry, lockedBalanceCents } from '../../lib/credit-ledger';
import { expireOrder, setOrderSession } from '../checkout';
import { providerLines } from '../catalog';
import { taxColumns } from '../tax';
import type { PlanChangeDeps } from './plan-change-deps';
import { durationLabel, sameAddons, type PricedChange } from './plan-change-pricing';
import { refuseChangeWhileRebuilt } from './plan-change-busy';
import { expireUnpaidCheckouts, lockServer, moveChange, openChangeOf, type PlanChangeRow } from './plan-changes.repository';

/** How long an upgrade's checkout stays open (Stripe's shortest is 30 minutes). */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;
/** A card charge whose outcome was never written is settled again after this (same idempotency key). */
export const CHARGE_LEASE_MS = 10 * 60 * 1000;

const longDate = (d: Date) => d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** The invoice line of an upgrade's prorated charge. */
export function prorationLine(priced: PricedChange): OrderLine {
  const left = durationLabel(priced.proration.secondsLeft);
  return {
    description: `${priced.server.name}: ${priced.server.planName} to ${priced.toPlanName}, prorated for the ${left} left until ${longDate(priced.period.end)}`,
    quantity: 1,
    unitCents: priced.amountCents,
    amountCents: priced.amountCents,
  };
}

function orderValues(priced: PricedChange, id: string, now: Date, provider: string) {
  const line = prorationLine(priced);
  return {
    id,
    userId: priced.server.userId,
    kind: 'plan_change' as const,
    game: priced.server.game,
    planId: priced.toPlanId,
    period: priced.server.period,
    months: priced.order.months,
    location: priced.server.location,
    addons: priced.addons,
    serverName: priced.server.name,
    planName: `${priced.toPlanName} upgrade`,
    lines: [line],
    subtotalCents: priced.amountCents,
    discountCents: 0,
    totalCents: priced.amountCents,
    ...taxColumns(priced.breakdown),
    buyer: priced.tax.buyer,
    catalogVersion: priced.catalogVersion,
    currency: 'usd',
    provider,
    createdAt: now,
  };
}

/**
 * Inserts the change under the server's row lock, so a double click or two tabs make one change
 * and the second is told one is under way. `useCredit`: account credit pays first (booked now,
 * given back if the card then declines).
 */
async function claim(deps: PlanChangeDeps, priced: PricedChange, status: PlanChangeRow['status'], options: { useCredit: boolean; order?: { id: string; ttlMs: number } }) {
  const now = deps.clock.now();
  const id = deps.ids.uuid();
  const orderId = options.order?.id;
  return deps.db.transaction(async (tx) => {
    const server = await lockServer(tx, priced.server.id);
    if (!server || server.planId !== priced.server.planId || !sameAddons(server.addons, priced.server.addons)) {
      throw new HttpError(409, 'change_open', planChangeErrors.change_open);
    }
    await expireUnpaidCheckouts(tx, server.id, now);
    if (await openChangeOf(tx, server.id)) throw new HttpError(409, 'change_open', planChangeErrors.change_open);
    await refuseChangeWhileRebuilt(tx, server.id);
    let creditCents = 0;
    if (options.useCredit && priced.breakdown.grossCents > 0) {
      creditCents = Math.max(0, Math.min(await lockedBalanceCents(tx, server.userId), priced.breakdown.grossCents));
    }
    // The charge's order, priced now: its lines and taxes become the invoice when it is paid.
    if (options.order) {
      await tx.insert(orders).values({ ...orderValues(priced, options.order.id, now, deps.payments.id), status: 'pending', expiresAt: new Date(now.getTime() + options.order.ttlMs) });
    }
    const [row] = await tx
      .insert(planChanges)
      .values({
        id,
        serverId: server.id,
        userId: server.userId,
        kind: priced.kind,
        status,
        fromPlanId: server.planId,
        fromPlanName: server.planName,
        fromAddons: server.addons,
        fromRamGb: server.ramGb,
        fromDiskGb: server.diskGb,
        toPlanId: priced.toPlanId,
        toPlanName: priced.toPlanName,
        toAddons: priced.addons,
        toRamGb: priced.size.ramGb,
        toVcpu: priced.size.vcpu,
        toDiskGb: priced.size.diskGb,
        toPlayerCap: priced.size.playerCap,
        catalogVersion: priced.catalogVersion,
        periodStart: priced.period.start,
        periodEnd: priced.period.end,
        fromCents: priced.fromCents,
        toCents: priced.toCents,
        amountCents: priced.amountCents,
        grossCents: priced.kind === 'upgrade' ? priced.breakdown.grossCents : null,
        creditCents,
        renewalCents: priced.renewal.baseCents,
        renewalLines: priced.renewal.lines,
        renewalSubtotalCents: priced.renewal.subtotalCents,
        renewalDiscountCents: priced.renewal.discountCents,
        orderId: orderId ?? null,
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
        reason: `Applied to the upgrade of ${server.name} to ${priced.toPlanName}`,
        referenceId: `plan-change:${id}`,
        createdAt: now,
      });
    }
    return row!;
  });
}

/** A downgrade waits for the renewal: nothing is charged now. */
export function claimDowngrade(deps: PlanChangeDeps, priced: PricedChange) {
  return claim(deps, priced, 'scheduled', { useCredit: false });
}

/** An upgrade with nothing to pay (the end of the period, or a swap at the same price) goes straight to its resize. */
export function claimFree(deps: PlanChangeDeps, priced: PricedChange) {
  return claim(deps, priced, 'paid', { useCredit: false });
}

/**
 * Pays the upgrade with account credit, then the saved card for the rest (off-session, as
 * renewals are charged). Answers the paid change, or throws 402 with the card's refusal (the
 * credit is given back and nothing else changed).
 */
export async function payWithSavedCard(deps: PlanChangeDeps, priced: PricedChange): Promise<PlanChangeRow> {
  const change = await claim(deps, priced, 'charging', { useCredit: true, order: { id: deps.ids.uuid(), ttlMs: CHARGE_LEASE_MS } });
  const outcome = await chargeRest(deps, change);
  if (outcome.ok) return recordPayment(deps, change, outcome.paymentId);
  await failCharge(deps, change, outcome.reason);
  throw new HttpError(402, 'card_declined', `${outcome.reason} Nothing was charged. You can pay with another card instead.`);
}

async function chargeRest(deps: PlanChangeDeps, change: PlanChangeRow): Promise<{ ok: true; paymentId: string | null } | { ok: false; reason: string }> {
  const toCharge = (change.grossCents ?? 0) - change.creditCents;
  if (toCharge <= 0) return { ok: true, paymentId: null };
  const card = await defaultPaymentMethod(deps, change.userId);
  if (!card || !deps.payments.chargeSaved) return { ok: false, reason: 'There is no saved card to charge.' };
  try {
    return await deps.payments.chargeSaved(card.id, toCharge, `Upgrade to ${change.toPlanName} (${formatCents(toCharge)})`, {
      idempotencyKey: `plan-change-${change.id}`,
      metadata: { plan_change_id: change.id, server_id: change.serverId },
    });
  } catch (error) {
    deps.log.error({ err: error, planChangeId: change.id }, 'plan change charge errored');
    return { ok: false, reason: 'We could not reach the payment provider.' };
  }
}

/** The card declined: the change failed and the credit it had taken goes back. */
async function failCharge(deps: PlanChangeDeps, change: PlanChangeRow, reason: string) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const failed = await moveChange(tx, change.id, ['charging'], { status: 'failed', reason, updatedAt: now });
    if (failed && change.orderId) await tx.update(orders).set({ status: 'expired' }).where(eq(orders.id, change.orderId));
    if (failed && change.creditCents > 0) {
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: change.userId,
        amountCents: change.creditCents,
        kind: 'refund_credit',
        reason: `Credit returned: the upgrade to ${change.toPlanName} was not paid`,
        referenceId: `plan-change-return:${change.id}`,
        createdAt: now,
      });
    }
  });
  await logActivity(deps, { userId: change.userId, kind: 'payment', message: `Payment for the upgrade to ${change.toPlanName} failed: ${reason}`, subjectId: change.serverId });
  deps.events.publish(change.userId, { topic: 'servers', id: change.serverId });
}

/** The paid upgrade: its order paid, a purchase and the invoice, in one transaction; then the resize is queued. */
async function recordPayment(deps: PlanChangeDeps, change: PlanChangeRow, paymentId: string | null): Promise<PlanChangeRow> {
  const now = deps.clock.now();
  const purchaseId = deps.ids.uuid();
  const gross = change.grossCents ?? 0;
  const done = await deps.db.transaction(async (tx) => {
    const paid = await moveChange(tx, change.id, ['charging'], { status: 'paid', updatedAt: now });
    if (!paid || !change.orderId) return null;
    const [order] = await tx.update(orders).set({ status: 'paid', paidAt: now }).where(eq(orders.id, change.orderId)).returning();
    if (!order) throw new Error(`plan change ${change.id}: its order is missing`);
    await tx.insert(purchases).values({
      id: purchaseId,
      userId: change.userId,
      orderId: order.id,
      planName: order.planName,
      amountCents: gross,
      status: 'paid',
      provider: deps.payments.id,
      providerPaymentId: paymentId,
      createdAt: now,
    });
    const invoice = await issuePaidInvoice(tx, deps.ids, order, purchaseId, now);
    // Commission on what the card paid of the net, as for renewals: credit counts against the net first.
    const commissionable = Math.min(gross - change.creditCents, Math.max(0, order.netCents - change.creditCents));
    const commission =
      commissionable > 0
        ? await recordReferralCommission(tx, deps.ids, { purchaseId, customerUserId: change.userId, planName: order.planName, paymentCents: commissionable, paidAt: now })
        : null;
    const row = await moveChange(tx, change.id, ['paid'], { invoiceId: invoice.id, providerPaymentId: paymentId, updatedAt: now });
    return { row: row!, invoice, commission };
  });
  if (!done) throw new HttpError(409, 'change_open', planChangeErrors.change_open);
  if (done.commission) await announceCommission(deps, done.commission).catch((error: unknown) => deps.log.warn({ err: error }, 'could not announce a commission'));
  await afterPaid(deps, done.row, done.invoice.number);
  return done.row;
}

/** After the money is in: the resize is queued, and the customer sees the payment. */
export async function afterPaid(deps: PlanChangeDeps, change: PlanChangeRow, invoiceNumber: string | null) {
  try {
    await deps.resizes.enqueue(change.id);
  } catch (error) {
    deps.log.error({ err: error, planChangeId: change.id }, 'could not queue the resize; the sweep will');
  }
  const paid = change.grossCents ?? 0;
  const message =
    paid > 0
      ? `Payment of ${formatCents(paid)} received for the upgrade to ${change.toPlanName}${invoiceNumber ? ` (invoice ${invoiceNumber})` : ''}`
      : `Upgrade to ${change.toPlanName} started: nothing to pay for the rest of this period`;
  await logActivity(deps, { userId: change.userId, kind: 'payment', message, subjectId: change.serverId }).catch(() => undefined);
  for (const topic of ['servers', 'billing', 'purchases'] as const) deps.events.publish(change.userId, { topic, id: change.serverId });
}

/** Opens a card checkout for the whole amount; the change is paid when its order is (fulfilment's hook). */
export async function payWithCheckout(deps: PlanChangeDeps, priced: PricedChange, customerEmail: string, returnOrigin?: string) {
  const orderId = deps.ids.uuid();
  const change = await claim(deps, priced, 'awaiting_payment', { useCredit: false, order: { id: orderId, ttlMs: CHECKOUT_TTL_MS } });
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const line = prorationLine(priced);
  try {
    const session = await deps.payments.createCheckout({
      orderId,
      customerEmail,
      description: `Upgrade to ${priced.toPlanName}`,
      lines: providerLines({ lines: [line], tax: priced.breakdown }),
      totalCents: priced.breakdown.grossCents,
      currency: 'usd',
      successUrl: `${publicUrl}/dashboard/services?plan_change=${change.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${publicUrl}/dashboard/services`,
      returnOrigin,
      expiresAt: new Date(deps.clock.now().getTime() + CHECKOUT_TTL_MS),
    });
    await setOrderSession(deps.db, orderId, session.sessionId);
    return { change, session };
  } catch (error) {
    deps.log.error({ err: error, planChangeId: change.id }, 'could not open the upgrade checkout');
    await expireOrder(deps.db, orderId, deps.clock.now());
    await moveChange(deps.db, change.id, ['awaiting_payment'], { status: 'cancelled', reason: 'The checkout could not be opened.', updatedAt: deps.clock.now() });
    throw new HttpError(502, 'payment_provider_unavailable', 'We could not reach the payment provider. Please try again in a moment.');
  }
}

/** Settles a charge a stopped process left claimed: the same idempotency key charges at most once. */
export async function settleStaleCharge(deps: PlanChangeDeps, change: PlanChangeRow) {
  const outcome = await chargeRest(deps, change);
  if (outcome.ok) await recordPayment(deps, change, outcome.paymentId);
  else await failCharge(deps, change, outcome.reason);
}

export async function orderOfChange(db: Db, change: PlanChangeRow) {
  if (!change.orderId) return null;
  const [row] = await db.select().from(orders).where(eq(orders.id, change.orderId));
  return row ?? null;
}
