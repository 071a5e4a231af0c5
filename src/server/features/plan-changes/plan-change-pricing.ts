import type { Catalog } from '../../../shared/catalog';
import { couponAmountLabel, couponCoversPeriod, couponDiscountCents, couponRefusalFor } from '../../../shared/coupons';
import { PricingError } from '../../../shared/pricing';
import { currentPeriod, prorate, type Proration } from '../../../shared/proration';
import { planChangeErrors, type PlanChangeChoice } from '../../../shared/schemas/plan-changes';
import { applyTax, type TaxBreakdown } from '../../../shared/tax';
import type { OrderLine } from '../../db/schema';
import { PanelError } from '../../integrations/panel/game-panel';
import { badRequest, forbidden, HttpError } from '../../lib/errors';
import { balanceCents } from '../../lib/credit-ledger';
import { billedForPeriod, defaultPaymentMethod, hasOpenRenewal, renewalsBefore, serverWithOrder, type OrderRow } from '../billing';
import { priceInForce, priceServerOrder, type PricedOrder } from '../catalog';
import { redemptionOfOrder, termsOf, priceBeforeCoupon } from '../coupons';
import { serverFor, isPowerStatus, type ServerRow } from '../servers';
import { refuseChangeWhileRebuilt } from './plan-change-busy';
import { taxContextFor, type TaxContext } from '../tax';
import type { PlanChangeDeps } from './plan-change-deps';

const GIB = 1024 ** 3;

export interface PricedChange {
  kind: 'upgrade' | 'downgrade';
  server: ServerRow;
  order: OrderRow;
  catalogVersion: number;
  gameName: string;
  toPlanId: string;
  toPlanName: string;
  addons: Record<string, number>;
  size: { ramGb: number; vcpu: number; diskGb: number; playerCap: number };
  period: { start: Date; end: Date };
  periodLabel: string;
  proration: Proration;
  fromCents: number;
  toCents: number;
  /** The prorated charge in the catalog's terms; 0 for a downgrade. */
  amountCents: number;
  /** The new period's price before any coupon, and its lines: what renewals charge from now on. */
  renewal: Pick<PricedOrder, 'lines' | 'subtotalCents' | 'discountCents'> & { baseCents: number };
  /** What the next renewal would have charged before the change, before any coupon. */
  oldBaseCents: number;
  coupon: { code: string; label: string } | null;
  tax: TaxContext;
  breakdown: TaxBreakdown;
  diskUsedBytes: number | null;
  creditCents: number;
  savedCard: { id: string; brand: string; last4: string } | null;
}

/** Add-ons as stored: keys sorted, zero quantities dropped, so two choices compare by value. */
export function normaliseAddons(addons: Record<string, number>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(addons)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

export function sameAddons(a: Record<string, number>, b: Record<string, number>): boolean {
  return JSON.stringify(normaliseAddons(a)) === JSON.stringify(normaliseAddons(b));
}

/** Refuses what cannot change plan: someone else's server, a subuser, a server not running normally. */
async function changeableServer(deps: PlanChangeDeps, userId: string, serverId: string) {
  const access = await serverFor(deps.db, userId, serverId, 'view');
  if (access.role !== 'owner') throw forbidden(planChangeErrors.subuser);
  const row = await serverWithOrder(deps.db, serverId);
  if (!row) throw badRequest('Server not found');
  const { server } = row;
  if (server.status === 'suspended') throw new HttpError(409, 'server_suspended', planChangeErrors.suspended);
  if (server.status === 'cancelled' || server.deletedAt) throw new HttpError(409, 'server_cancelled', planChangeErrors.cancelled);
  if (!isPowerStatus(server.status) || !server.panelServerId) throw new HttpError(409, 'server_not_ready', planChangeErrors.not_ready);
  if (row.cancelAt) throw new HttpError(409, 'server_cancelling', planChangeErrors.cancelling);
  if (await hasOpenRenewal(deps.db, serverId)) throw new HttpError(409, 'renewal_open', planChangeErrors.renewal_open);
  await refuseChangeWhileRebuilt(deps.db, serverId);
  return row;
}

function checkChoice(sold: Catalog, server: ServerRow, choice: PlanChangeChoice) {
  const plan = sold.plans.find((p) => p.id === choice.plan && p.game === server.game);
  if (!plan) throw badRequest('That plan is not available for this game.', { plan: 'Choose one of the plans listed' });
  const addons = normaliseAddons(choice.addons);
  for (const key of Object.keys(addons)) {
    // An add-on staff have since hidden stays allowed on a server that already has it.
    if (!sold.addons.some((a) => a.key === key) && !(key in server.addons)) {
      throw badRequest(`The add-on "${key}" is not available.`, { [`addons.${key}`]: 'Not available' });
    }
  }
  if (plan.id === server.planId && sameAddons(addons, server.addons)) throw badRequest(planChangeErrors.same_plan, { plan: planChangeErrors.same_plan });
  return { plan, addons };
}

function priceConfig(catalog: Catalog, server: ServerRow, plan: string, addons: Record<string, number>) {
  try {
    return priceServerOrder(catalog, { kind: 'server', game: server.game, plan, period: server.period, location: server.location, addons, serverName: server.name });
  } catch (error) {
    if (error instanceof PricingError) throw badRequest(error.message, { [error.field]: error.message });
    throw error;
  }
}

/** The disk the server uses now, asked of the panel; a 503 when it cannot tell. */
async function diskUsed(deps: PlanChangeDeps, server: ServerRow): Promise<number> {
  try {
    const usage = await deps.panel.resources({ panelServerId: server.panelServerId!, identifier: server.panelIdentifier ?? server.panelServerId! });
    return usage.diskBytes;
  } catch (error) {
    if (!(error instanceof PanelError)) throw error;
    deps.log.warn({ err: error, serverId: server.id }, 'plan change: could not read disk use');
    throw new HttpError(503, 'disk_unknown', planChangeErrors.disk_unknown);
  }
}

export function formatGb(bytes: number): string {
  return `${(bytes / GIB).toFixed(1)} GB`;
}

/**
 * Prices a change of the server to `choice`: what it costs now (the prorated difference for the
 * rest of the period, shared/proration.ts, taxed) and from the next renewal. A higher period price
 * is an upgrade, charged and applied now; a lower one a downgrade, applied at the next renewal.
 * Refuses a smaller disk than the server's data takes.
 */
export async function priceChange(deps: PlanChangeDeps, userId: string, serverId: string, choice: PlanChangeChoice): Promise<PricedChange> {
  const { server, order } = await changeableServer(deps, userId, serverId);
  const snapshot = await deps.catalog.current();
  const { catalog: full } = await deps.catalog.atVersion(snapshot.version, server.currency);
  const { plan, addons } = checkChoice(snapshot.catalog, server, choice);
  const game = full.games.find((g) => g.slug === server.game);
  const priced = priceConfig(full, server, plan.id, addons);
  const now = priceConfig(full, server, server.planId, server.addons);
  const kind = priced.totalCents >= now.totalCents ? 'upgrade' : 'downgrade';

  const size = { ramGb: priced.server!.ramGb, vcpu: priced.server!.vcpu, diskGb: priced.server!.diskGb, playerCap: plan.playerCap ?? priced.server!.playerCap };
  let diskUsedBytes: number | null = null;
  if (size.diskGb < server.diskGb) {
    diskUsedBytes = await diskUsed(deps, server);
    if (diskUsedBytes > size.diskGb * GIB) {
      const message = `This server uses ${formatGb(diskUsedBytes)} of disk, more than the ${size.diskGb} GB the new plan has. Free some space first, or choose a plan with more disk.`;
      throw new HttpError(409, 'disk_too_small', message, { plan: message });
    }
  }

  // The first order's coupon, while it covers this period and is for the new plan (decision 019).
  const periodNumber = 1 + (await renewalsBefore(deps.db, server.id, server.renewsAt));
  const redemption = await redemptionOfOrder(deps.db, order.id);
  const terms = redemption?.redemption.status === 'redeemed' ? termsOf(redemption.coupon) : null;
  const couponApplies = terms !== null && couponCoversPeriod(terms, periodNumber) && couponRefusalFor(terms, { kind: 'server', game: server.game, plan: plan.id }) === null;
  const toCents = couponApplies ? priced.totalCents - couponDiscountCents(terms, priced.totalCents, server.currency) : priced.totalCents;
  const fromCents = await billedForPeriod(deps.db, server, order);

  const period = currentPeriod(server.renewsAt, order.months, order.paidAt ?? server.createdAt);
  const proration = prorate({ periodStart: period.start, periodEnd: period.end, at: deps.clock.now(), fromCents, toCents });
  const amountCents = kind === 'upgrade' ? Math.max(0, proration.amountCents) : 0;
  const tax = await taxContextFor(deps.db, userId, { inclusive: order.taxInclusive });
  const breakdown = applyTax(amountCents, tax.treatment);
  const card = deps.payments.chargeSaved ? await defaultPaymentMethod(deps, userId) : null;
  const creditCents = Math.max(0, Math.min(await balanceCents(deps.db, userId, server.currency), breakdown.grossCents));
  const inForce = await priceInForce(deps.db, server.id, server.renewsAt);
  return {
    kind,
    server,
    order,
    catalogVersion: snapshot.version,
    gameName: game?.name ?? server.game,
    toPlanId: plan.id,
    toPlanName: priced.planName,
    addons,
    size,
    period,
    periodLabel: priced.description.split(' · ')[1] ?? server.period,
    proration,
    fromCents,
    toCents,
    amountCents,
    renewal: { lines: priced.lines as OrderLine[], subtotalCents: priced.subtotalCents, discountCents: priced.discountCents, baseCents: priced.totalCents },
    oldBaseCents: inForce?.newCents ?? priceBeforeCoupon(order),
    coupon: couponApplies ? { code: terms.code, label: couponAmountLabel(terms, server.currency) } : null,
    tax,
    breakdown,
    diskUsedBytes,
    creditCents,
    savedCard: card ? { id: card.id, brand: card.brand, last4: card.last4 } : null,
  };
}
