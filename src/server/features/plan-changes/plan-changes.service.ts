import { eq } from 'drizzle-orm';
import type { Locale } from '../../../shared/i18n/locales';
import { plansForGame } from '../../../shared/catalog';
import {
  planChangeErrors,
  type PlanChangeChoice,
  type PlanChangeOptions,
  type PlanChangeQuote,
  type PlanChangeRequest,
  type PlanChangeResult,
  type PlanChangeView,
} from '../../../shared/schemas/plan-changes';
import { orders } from '../../db/schema';
import { logActivity, said } from '../../lib/activity';
import { forbidden, HttpError } from '../../lib/errors';
import { isChargeable } from '../../lib/minimum-charge';
import { expireOrder } from '../checkout';
import { serverFor, toPlanChangeView } from '../servers';
import type { PlanChangeDeps } from './plan-change-deps';
import { CHARGE_LEASE_MS, claimDowngrade, claimFree, afterPaid, payWithCheckout, payWithSavedCard, settleStaleCharge } from './plan-change-payment';
import { priceChange, type PricedChange } from './plan-change-pricing';
import { planChangePaid } from './plan-change-resize';
import { changesToResize, lastEndedChangeOf, moveChange, openChangeOf, paidCheckoutsWaiting, staleCharges } from './plan-changes.repository';

/** GET /api/servers/:id/plan-change: the same game's plans and the add-ons on sale, and any change under way. */
export async function planChangeOptions(deps: PlanChangeDeps, userId: string, serverId: string): Promise<PlanChangeOptions> {
  const access = await serverFor(deps.db, userId, serverId, 'view');
  if (access.role !== 'owner') throw forbidden(planChangeErrors.subuser);
  const { server } = access;
  // What is on sale now, priced from the list of the currency the service was bought in (decision 063).
  const { catalog, version } = await deps.catalog.current();
  const { catalog: priced } = await deps.catalog.atVersion(version, server.currency);
  const period = catalog.periods.find((p) => p.value === server.period);
  const game = catalog.games.find((g) => g.slug === server.game);
  const months = period?.months ?? 1;
  // As priceChoice prices a period: the monthly price × months, less the period's discount, rounded once.
  const forPeriod = (monthlyCents: number) => Math.round((monthlyCents * months * (100 - (period?.discountPercent ?? 0))) / 100);
  const [open, last] = await Promise.all([openChangeOf(deps.db, server.id), lastEndedChangeOf(deps.db, server.id)]);
  const planPrice = (id: string) => priced.plans.find((p) => p.id === id)?.priceCents;
  const addonPrice = (key: string) => priced.addons.find((a) => a.key === key)?.priceCents;
  return {
    currency: server.currency,
    current: { planId: server.planId, planName: server.planName, ramGb: server.ramGb, vcpu: server.vcpu, diskGb: server.diskGb, addons: server.addons },
    period: { value: server.period, label: period?.label ?? server.period, months },
    plans: plansForGame(catalog, server.game)
      .filter((p) => planPrice(p.id) !== undefined)
      .map((p) => ({
      id: p.id,
      name: p.name,
      ramGb: p.ramGb,
      vcpu: p.vcpu,
      diskGb: p.diskGb,
      playerCap: p.playerCap ?? game?.playerCap ?? server.playerCap,
      monthlyCents: planPrice(p.id)!,
      periodCents: forPeriod(planPrice(p.id)!),
      recommended: p.recommended,
    })),
    addons: [...catalog.addons]
      .filter((a) => addonPrice(a.key) !== undefined)
      .sort((a, b) => a.sort - b.sort)
      .map((a) => ({ key: a.key, name: a.name, description: a.description, priceCents: addonPrice(a.key)!, periodCents: forPeriod(addonPrice(a.key)!), maxQuantity: a.maxQuantity })),
    open: open ? toPlanChangeView(open) : null,
    last: last ? toPlanChangeView(last) : null,
  };
}

function toQuote(p: PricedChange, now: Date): PlanChangeQuote {
  const size = (planId: string, planName: string, s: { ramGb: number; vcpu: number; diskGb: number }, addons: Record<string, number>) => ({
    planId,
    planName,
    ramGb: s.ramGb,
    vcpu: s.vcpu,
    diskGb: s.diskGb,
    addons,
  });
  const gross = p.breakdown.grossCents;
  return {
    kind: p.kind,
    currency: p.server.currency,
    catalogVersion: p.catalogVersion,
    from: size(p.server.planId, p.server.planName, p.server, p.server.addons),
    to: size(p.toPlanId, p.toPlanName, p.size, p.addons),
    period: {
      start: p.period.start.toISOString(),
      end: p.period.end.toISOString(),
      secondsLeft: p.proration.secondsLeft,
      secondsInPeriod: p.proration.secondsInPeriod,
      label: p.periodLabel,
    },
    fromCents: p.fromCents,
    toCents: p.toCents,
    amountCents: p.amountCents,
    tax: { inclusive: p.breakdown.inclusive, reverseCharge: p.breakdown.reverseCharge, netCents: p.breakdown.netCents, lines: p.breakdown.lines, taxCents: p.breakdown.taxCents, grossCents: gross },
    renewalCents: p.renewal.baseCents,
    effectiveAt: (p.kind === 'upgrade' ? now : p.period.end).toISOString(),
    coupon: p.coupon,
    payment: { creditCents: p.creditCents, cardCents: gross - p.creditCents, savedCard: p.savedCard ? { brand: p.savedCard.brand, last4: p.savedCard.last4 } : null },
    diskUsedBytes: p.diskUsedBytes,
  };
}

/** POST /api/servers/:id/plan-change/quote: what the change would cost, priced on the server. */
export async function quotePlanChange(deps: PlanChangeDeps, userId: string, serverId: string, choice: PlanChangeChoice): Promise<PlanChangeQuote> {
  return toQuote(await priceChange(deps, userId, serverId, choice), deps.clock.now());
}

/**
 * POST /api/servers/:id/plan-change. A downgrade is scheduled for the next renewal. An upgrade is
 * paid now: with nothing to pay it starts at once; else account credit, then the saved card; with
 * no saved card (or when asked) a card checkout opens for the whole amount.
 */
export async function requestPlanChange(
  deps: PlanChangeDeps,
  user: { id: string; email: string },
  serverId: string,
  body: PlanChangeRequest,
  returnOrigin?: string,
  requestLocale?: Locale,
): Promise<PlanChangeResult> {
  const priced = await priceChange(deps, user.id, serverId, body);
  if (body.catalogVersion !== undefined && body.catalogVersion !== priced.catalogVersion) {
    throw new HttpError(409, 'quote_outdated', planChangeErrors.quote_outdated);
  }
  const none = { checkout_url: null, provider_name: null };
  if (priced.kind === 'downgrade') {
    const change = await claimDowngrade(deps, priced, requestLocale);
    await logActivity(deps, {
      userId: user.id,
      kind: 'server',
      text: said('activity.plan.scheduled', { server: priced.server.name, plan: priced.toPlanName }, { dates: { date: priced.period.end.toISOString() } }),
      subjectId: serverId,
    });
    deps.events.publish(user.id, { topic: 'servers', id: serverId });
    return { change: toPlanChangeView(change), ...none };
  }
  if (priced.breakdown.grossCents === 0) {
    const change = await claimFree(deps, priced, requestLocale);
    await afterPaid(deps, change, null);
    return { change: toPlanChangeView(change), ...none };
  }
  // A rest after credit under the card's minimum is waived, never sent (decision 047); an upgrade
  // whose whole price is under it cannot go through a checkout either, so it settles here.
  const gross = priced.breakdown.grossCents;
  const restUnderMinimum = !isChargeable(gross - Math.min(priced.creditCents, gross), priced.server.currency);
  const canPaySaved = restUnderMinimum || priced.creditCents >= gross || priced.savedCard !== null;
  if (!isChargeable(gross, priced.server.currency) || (body.pay === 'saved' && canPaySaved)) {
    return { change: toPlanChangeView(await payWithSavedCard(deps, priced, requestLocale)), ...none };
  }
  const { change, session } = await payWithCheckout(deps, priced, user.email, returnOrigin, requestLocale);
  return { change: toPlanChangeView(change), checkout_url: session.url, provider_name: deps.payments.displayName };
}

/** DELETE /api/servers/:id/plan-change: calls off a scheduled downgrade, or an upgrade still waiting for its checkout. */
export async function cancelPlanChange(deps: PlanChangeDeps, userId: string, serverId: string): Promise<PlanChangeView> {
  const access = await serverFor(deps.db, userId, serverId, 'view');
  if (access.role !== 'owner') throw forbidden(planChangeErrors.subuser);
  const open = await openChangeOf(deps.db, serverId);
  if (!open) throw new HttpError(404, 'not_found', 'There is no plan change to cancel.');
  if (open.status !== 'scheduled' && open.status !== 'awaiting_payment') {
    throw new HttpError(409, 'change_in_progress', 'This plan change is already being applied and can no longer be cancelled.');
  }
  const now = deps.clock.now();
  const cancelled = await moveChange(deps.db, open.id, ['scheduled', 'awaiting_payment'], { status: 'cancelled', reason: 'Cancelled by you.', updatedAt: now });
  if (!cancelled) throw new HttpError(409, 'change_in_progress', 'This plan change is already being applied and can no longer be cancelled.');
  if (open.orderId) {
    const [order] = await deps.db.select({ status: orders.status }).from(orders).where(eq(orders.id, open.orderId));
    // A payment that still arrives is refunded by fulfilment's hook.
    if (order?.status === 'pending') await expireOrder(deps.db, open.orderId, now);
  }
  await logActivity(deps, {
    userId,
    kind: 'server',
    text: said(open.kind === 'downgrade' ? 'activity.plan.downgradeCancelled' : 'activity.plan.upgradeCancelled', { plan: open.toPlanName }),
    subjectId: serverId,
  });
  deps.events.publish(userId, { topic: 'servers', id: serverId });
  return toPlanChangeView(cancelled);
}

/**
 * What a stopped process may have left: resizes with no job, checkout payments not yet applied,
 * card charges claimed but never settled. Run at start-up and periodically; answers how many it touched.
 */
export async function sweepPlanChanges(deps: PlanChangeDeps): Promise<number> {
  let touched = 0;
  for (const id of await changesToResize(deps.db)) {
    await deps.resizes.enqueue(id);
    touched += 1;
  }
  for (const orderId of await paidCheckoutsWaiting(deps.db)) {
    await planChangePaid(deps, orderId);
    touched += 1;
  }
  for (const change of await staleCharges(deps.db, new Date(deps.clock.now().getTime() - CHARGE_LEASE_MS))) {
    // One change that cannot be settled now (another worker got there first, the database) does not hold up the others.
    await settleStaleCharge(deps, change).catch((error: unknown) => deps.log.error({ err: error, planChangeId: change.id }, 'could not settle a plan change charge; the next sweep tries again'));
    touched += 1;
  }
  return touched;
}
