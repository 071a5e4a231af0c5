import { and, eq, isNull } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import { textOf } from '../../../shared/line-text';
import { planChangeErrors } from '../../../shared/schemas/plan-changes';
import type { Tx } from '../../db/client';
import { planChanges, type OrderLine } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { HttpError } from '../../lib/errors';
import {
  claimPaidChange,
  payClaimedChange,
  PAID_CHANGE_LEASE_MS,
  proratedLine,
  settleStaleCharge as settleStalePaidChange,
  type PaidChangeClaim,
  type PaidChangeKind,
} from '../billing';
import { expireOrder, setOrderSession } from '../checkout';
import { providerLines } from '../catalog';
import { customerLanguage, i18nServiceFor } from '../i18n';
import { sayIn } from '../../lib/say';
import type { ServerRow } from '../servers';
import type { PlanChangeDeps } from './plan-change-deps';
import { sameAddons, type PricedChange } from './plan-change-pricing';
import { refuseChangeWhileRebuilt } from './plan-change-busy';
import { expireUnpaidCheckouts, moveChange, openChangeOf, type PlanChangeRow } from './plan-changes.repository';

/** How long an upgrade's checkout stays open (Stripe's shortest is 30 minutes). */
export const CHECKOUT_TTL_MS = 60 * 60 * 1000;
/** A card charge whose outcome was never written is settled again after this (same idempotency key). */
export const CHARGE_LEASE_MS = PAID_CHANGE_LEASE_MS;

/** The invoice line of an upgrade's prorated charge. */
export function prorationLine(priced: PricedChange): OrderLine {
  const [from, to] = [priced.server.planName, priced.toPlanName];
  return proratedLine(priced.server.name, { key: 'line.planChange', from, to, english: `${from} to ${to}` }, priced.proration.secondsLeft, priced.period.end, priced.amountCents);
}

/** What an upgrade's payment is, for billing's one payment flow (decision 043). */
function upgradePayment(deps: PlanChangeDeps): PaidChangeKind<PlanChangeRow> {
  return {
    key: 'plan-change',
    metadataKey: 'plan_change_id',
    money: (change) => ({ ...change, grossCents: change.grossCents ?? 0 }),
    subject: (change) => `the upgrade to ${change.toPlanName}`,
    failedText: (change, reason) => said('activity.change.failed', { what: 'upgrade', target: change.toPlanName, reason }),
    chargeLabel: (change, say) => say('line.upgradeTo', { plan: change.toPlanName }) ?? `Upgrade to ${change.toPlanName}`,
    locale: (change) => change.locale,
    declinedNote: 'Nothing was charged. You can pay with another card instead.',
    conflict: () => new HttpError(409, 'change_open', planChangeErrors.change_open),
    stampCharge: async (db, change, stamp) =>
      void (await db.update(planChanges).set(stamp).where(and(eq(planChanges.id, change.id), eq(planChanges.status, 'charging'), isNull(planChanges.chargeMethodId)))),
    markFailed: async (tx, change, reason, now) => !!(await moveChange(tx, change.id, ['charging'], { status: 'failed', reason, updatedAt: now })),
    markPaid: async (tx, change, _paymentId, now) => !!(await moveChange(tx, change.id, ['charging'], { status: 'paid', updatedAt: now })),
    markInvoiced: async (tx, change, invoiceId, paymentId, now) => (await moveChange(tx, change.id, ['paid'], { invoiceId, providerPaymentId: paymentId, updatedAt: now }))!,
    afterPaid: (change, invoiceNumber) => afterPaid(deps, change, invoiceNumber),
  };
}

/** The change's row, as the server's lock found it, in the customer's language then. */
function changeRow(priced: PricedChange, status: PlanChangeRow['status'], locale: Locale, claim: { id: string; server: ServerRow; creditCents: number; orderId: string | null; now: Date }) {
  const { id, server, creditCents, orderId, now } = claim;
  return {
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
    currency: server.currency,
    grossCents: priced.kind === 'upgrade' ? priced.breakdown.grossCents : null,
    creditCents,
    renewalCents: priced.renewal.baseCents,
    renewalLines: priced.renewal.lines,
    renewalSubtotalCents: priced.renewal.subtotalCents,
    renewalDiscountCents: priced.renewal.discountCents,
    orderId,
    locale,
    createdAt: now,
    updatedAt: now,
  } satisfies typeof planChanges.$inferInsert;
}

/**
 * Claims the change under the server's row lock (billing's claim), so a double click or two tabs
 * make one change and the second is told one is under way. `charge`: its order (a card charge's
 * lease or a checkout's life) and whether account credit pays first. The customer's language
 * (decision 078's order, the request's second) is stored with it: its card charge and checkout
 * are worded in it (decision 082).
 */
async function claim(deps: PlanChangeDeps, priced: PricedChange, status: PlanChangeRow['status'], requestLocale?: Locale, charge?: { useCredit: boolean; ttlMs: number }) {
  const locale = await customerLanguage(deps.db, priced.server.userId, requestLocale);
  const request: PaidChangeClaim<PlanChangeRow> = {
    serverId: priced.server.id,
    async refuse(tx: Tx, server) {
      if (server.planId !== priced.server.planId || !sameAddons(server.addons, priced.server.addons)) {
        throw new HttpError(409, 'change_open', planChangeErrors.change_open);
      }
      await expireUnpaidCheckouts(tx, server.id, deps.clock.now());
      if (await openChangeOf(tx, server.id)) throw new HttpError(409, 'change_open', planChangeErrors.change_open);
      await refuseChangeWhileRebuilt(tx, server.id);
    },
    payment: charge && {
      grossCents: priced.breakdown.grossCents,
      useCredit: charge.useCredit,
      creditReason: (server) => `Applied to the upgrade of ${server.name} to ${priced.toPlanName}`,
      orderTtlMs: charge.ttlMs,
      order: {
        userId: priced.server.userId,
        kind: 'plan_change',
        game: priced.server.game,
        planId: priced.toPlanId,
        period: priced.server.period,
        months: priced.order.months,
        location: priced.server.location,
        addons: priced.addons,
        serverName: priced.server.name,
        planName: `${priced.toPlanName} upgrade`,
        buyer: priced.tax.buyer,
        catalogVersion: priced.catalogVersion,
        line: prorationLine(priced),
        breakdown: priced.breakdown,
      },
    },
    async insert(tx, claimed) {
      const [row] = await tx.insert(planChanges).values(changeRow(priced, status, locale, claimed)).returning();
      return row!;
    },
  };
  return claimPaidChange(deps, upgradePayment(deps), request);
}

/** A downgrade waits for the renewal: nothing is charged now. */
export function claimDowngrade(deps: PlanChangeDeps, priced: PricedChange, requestLocale?: Locale) {
  return claim(deps, priced, 'scheduled', requestLocale);
}

/** An upgrade with nothing to pay (the end of the period, or a swap at the same price) goes straight to its resize. */
export function claimFree(deps: PlanChangeDeps, priced: PricedChange, requestLocale?: Locale) {
  return claim(deps, priced, 'paid', requestLocale);
}

/**
 * Pays the upgrade with account credit, then the saved card for the rest (off-session, as
 * renewals are charged). Answers the paid change; the change still 'charging' when the charge's
 * outcome is unknown (decision 084); or throws 402 with the card's refusal (the credit is given
 * back and nothing else changed).
 */
export async function payWithSavedCard(deps: PlanChangeDeps, priced: PricedChange, requestLocale?: Locale): Promise<PlanChangeRow> {
  const change = await claim(deps, priced, 'charging', requestLocale, { useCredit: true, ttlMs: CHARGE_LEASE_MS });
  return payClaimedChange(deps, upgradePayment(deps), change);
}

/** After the money is in: the resize is queued, and the customer sees the payment. */
export async function afterPaid(deps: PlanChangeDeps, change: PlanChangeRow, invoiceNumber: string | null) {
  try {
    await deps.resizes.enqueue(change.id);
  } catch (error) {
    deps.log.error({ err: error, planChangeId: change.id }, 'could not queue the resize; the sweep will');
  }
  const paid = change.grossCents ?? 0;
  const money = { amount: { cents: paid, currency: change.currency } };
  const text =
    paid === 0
      ? said('activity.plan.free', { plan: change.toPlanName })
      : invoiceNumber
        ? said('activity.plan.paid', { plan: change.toPlanName, invoice: invoiceNumber }, { money })
        : said('activity.plan.paidNoInvoice', { plan: change.toPlanName }, { money });
  await logActivity(deps, { userId: change.userId, kind: 'payment', text, subjectId: change.serverId }).catch(() => undefined);
  for (const topic of ['servers', 'billing', 'purchases'] as const) deps.events.publish(change.userId, { topic, id: change.serverId });
}

/** Opens a card checkout for the whole amount; the change is paid when its order is (fulfilment's hook). */
export async function payWithCheckout(deps: PlanChangeDeps, priced: PricedChange, customerEmail: string, returnOrigin?: string, requestLocale?: Locale) {
  const change = await claim(deps, priced, 'awaiting_payment', requestLocale, { useCredit: false, ttlMs: CHECKOUT_TTL_MS });
  const orderId = change.orderId!;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const line = prorationLine(priced);
  try {
    // The provider's page, its title and its line in the customer's language (decision 078), as stored with the change.
    const locale = change.locale ?? (await customerLanguage(deps.db, priced.server.userId, requestLocale));
    const say = await sayIn(i18nServiceFor(deps.db), locale, 'public');
    const session = await deps.payments.createCheckout({
      orderId,
      customerEmail,
      description: say('line.upgradeTo', { plan: priced.toPlanName }) ?? `Upgrade to ${priced.toPlanName}`,
      lines: providerLines({ lines: [line], tax: priced.breakdown }).map((l) => ({ ...l, description: textOf(l, say, locale) })),
      locale,
      totalCents: priced.breakdown.grossCents,
      currency: priced.server.currency,
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

/**
 * Settles a charge left claimed (a stopped process, or an answer that never came): the same
 * idempotency key charges at most once. One still unknown is left for the next sweep (decision 084).
 */
export async function settleStaleCharge(deps: PlanChangeDeps, change: PlanChangeRow) {
  await settleStalePaidChange(deps, upgradePayment(deps), change);
}
