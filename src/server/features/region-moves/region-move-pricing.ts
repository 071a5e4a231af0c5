import type { Catalog } from '../../../shared/catalog';
import { locationLabels } from '../../../shared/catalog-texts';
import type { Locale } from '../../../shared/i18n/locales';
import { couponCoversPeriod, couponDiscountCents, couponRefusalFor } from '../../../shared/coupons';
import { PricingError } from '../../../shared/pricing';
import { currentPeriod, prorate, type Proration } from '../../../shared/proration';
import { regionMoveErrors } from '../../../shared/schemas/region-moves';
import { applyTax, type TaxBreakdown } from '../../../shared/tax';
import type { OrderLine } from '../../db/schema';
import { badRequest, forbidden, HttpError } from '../../lib/errors';
import { balanceCents } from '../../lib/credit-ledger';
import { billedForPeriod, defaultPaymentMethod, hasOpenRenewal, renewalsBefore, serverWithOrder, type OrderRow } from '../billing';
import { priceServerOrder, priceInForce, type PricedOrder } from '../catalog';
import { redemptionOfOrder, priceBeforeCoupon, termsOf } from '../coupons';
import { changeUnderWay, isPowerStatus, serverFor, type ServerRow } from '../servers';
import { taxContextFor, type TaxContext } from '../tax';
import type { RegionMoveDeps } from './region-move-deps';
import { hasOpenSwitch, openMoveOf } from './region-moves.repository';

/** What moving a server to one location costs: the prorated difference now, and renewals after. */
export interface PricedMove {
  to: { value: string; label: string };
  fromCents: number;
  toCents: number;
  proration: Proration;
  /** Signed: positive is charged now, negative credited once the move completes. */
  amountCents: number;
  /** The tax on the difference's size, with the sign put back on the gross. */
  breakdown: TaxBreakdown;
  grossCents: number;
  /** The renewal price and lines in the new location (before any coupon); null when the price is the same. */
  renewal: (Pick<PricedOrder, 'lines' | 'subtotalCents' | 'discountCents'> & { baseCents: number; lines: OrderLine[] }) | null;
  renewalCents: number;
}

export interface MovePricing {
  server: ServerRow;
  order: OrderRow;
  catalogVersion: number;
  current: { value: string; label: string };
  period: { start: Date; end: Date };
  tax: TaxContext;
  creditCents: number;
  savedCard: { id: string; brand: string; last4: string } | null;
  /** Every other location the storefront sells, priced. */
  price(location: string): PricedMove;
  locations: Catalog['locations'];
  /** A location's catalog label in each language it is translated to, for records read later (decision 085). */
  labelsIn(location: string): Partial<Record<Locale, string>>;
}

/**
 * Refuses what cannot be moved: someone else's server, a subuser, a server not running normally,
 * one ending at its renewal or with a renewal unpaid, and one with a plan change or a move under way.
 */
export async function movableServer(deps: RegionMoveDeps, userId: string, serverId: string) {
  const access = await serverFor(deps.db, userId, serverId, 'view');
  if (access.role !== 'owner') throw forbidden(regionMoveErrors.subuser);
  const row = await serverWithOrder(deps.db, serverId);
  if (!row) throw badRequest('Server not found');
  const { server } = row;
  if (server.status === 'suspended') throw new HttpError(409, 'server_suspended', regionMoveErrors.suspended);
  if (server.status === 'cancelled' || server.deletedAt) throw new HttpError(409, 'server_cancelled', regionMoveErrors.cancelled);
  if (!isPowerStatus(server.status) || !server.panelServerId) throw new HttpError(409, 'server_not_ready', regionMoveErrors.not_ready);
  if (row.cancelAt) throw new HttpError(409, 'server_cancelling', regionMoveErrors.cancelling);
  return row;
}

/** The refusals that depend on other work under way (checked again under the server's lock). */
export async function refuseWhileBusy(db: RegionMoveDeps['db'], serverId: string) {
  if (await openMoveOf(db, serverId)) throw new HttpError(409, 'move_open', regionMoveErrors.move_open);
  if (await changeUnderWay(db, serverId)) throw new HttpError(409, 'plan_change_open', regionMoveErrors.plan_change_open);
  if (await hasOpenRenewal(db, serverId)) throw new HttpError(409, 'renewal_open', regionMoveErrors.renewal_open);
  if (await hasOpenSwitch(db, serverId)) throw new HttpError(409, 'switch_open', regionMoveErrors.switch_open);
}

function priceAt(catalog: Catalog, server: ServerRow, location: string): PricedOrder {
  try {
    return priceServerOrder(catalog, { kind: 'server', game: server.game, plan: server.planId, period: server.period, location, addons: server.addons, serverName: server.name });
  } catch (error) {
    if (error instanceof PricingError) throw badRequest(error.message, { location: error.message });
    throw error;
  }
}

/** Tax on a signed amount: computed on its size, the sign put back (a credit gives the tax back too). */
function signedTax(amountCents: number, tax: TaxContext): { breakdown: TaxBreakdown; grossCents: number } {
  const breakdown = applyTax(Math.abs(amountCents), tax.treatment);
  return { breakdown, grossCents: Math.sign(amountCents) * breakdown.grossCents };
}

/**
 * Prices moves of the server: for each location, the period's price there minus the price where
 * it is (the same plan, add-ons and billing period in the current catalog, the first order's coupon
 * while it covers this period), prorated over the seconds left by the shared rule
 * (shared/proration.ts, decision 024), then taxed. A move to a cheaper location credits from what
 * the period was billed, never from more: a location whose price rose since it was paid for gives
 * back only what was paid (decision 034).
 */
/** `card: false`: the saved card is not looked up (a poll while a move is open asks the provider nothing). */
export async function priceMoves(deps: RegionMoveDeps, userId: string, serverId: string, options: { card?: boolean } = {}): Promise<MovePricing> {
  const { server, order } = await movableServer(deps, userId, serverId);
  const snapshot = await deps.catalog.current();
  const { catalog: full } = await deps.catalog.atVersion(snapshot.version, server.currency);
  const periodNumber = 1 + (await renewalsBefore(deps.db, server.id, server.renewsAt));
  const redemption = await redemptionOfOrder(deps.db, order.id);
  const terms = redemption?.redemption.status === 'redeemed' ? termsOf(redemption.coupon) : null;
  const couponApplies = terms !== null && couponCoversPeriod(terms, periodNumber) && couponRefusalFor(terms, { kind: 'server', game: server.game, plan: server.planId }) === null;
  const afterCoupon = (cents: number) => (couponApplies ? cents - couponDiscountCents(terms, cents, server.currency) : cents);
  const here = priceAt(full, server, server.location);
  const catalogFromCents = afterCoupon(here.totalCents);
  const billedCents = await billedForPeriod(deps.db, server, order);
  const period = currentPeriod(server.renewsAt, order.months, order.paidAt ?? server.createdAt);
  const at = deps.clock.now();
  const tax = await taxContextFor(deps.db, userId, { inclusive: order.taxInclusive });
  const card = deps.payments.chargeSaved && options.card !== false ? await defaultPaymentMethod(deps, userId) : null;
  const credit = await balanceCents(deps.db, userId, server.currency);
  const inForce = await priceInForce(deps.db, server.id, server.renewsAt);
  const renewalNow = inForce?.newCents ?? priceBeforeCoupon(order);
  const label = (value: string) => full.locations.find((l) => l.value === value)?.label ?? value;

  return {
    server,
    order,
    catalogVersion: snapshot.version,
    current: { value: server.location, label: label(server.location) },
    period,
    tax,
    creditCents: Math.max(0, credit),
    savedCard: card ? { id: card.id, brand: card.brand, last4: card.last4 } : null,
    locations: snapshot.catalog.locations,
    labelsIn: (location) => locationLabels(snapshot.draft.locations, location),
    price(location) {
      const there = priceAt(full, server, location);
      const toCents = afterCoupon(there.totalCents);
      // A credit is worked out from what the period was billed, capped at today's price here (so a
      // plan whose price fell since does not leak into it either), and never turns into a charge.
      const fromCents = toCents < catalogFromCents ? Math.max(toCents, Math.min(catalogFromCents, billedCents)) : catalogFromCents;
      const proration = prorate({ periodStart: period.start, periodEnd: period.end, at, fromCents, toCents });
      const { breakdown, grossCents } = signedTax(proration.amountCents, tax);
      const samePrice = there.totalCents === here.totalCents;
      return {
        to: { value: location, label: label(location) },
        fromCents,
        toCents,
        proration,
        amountCents: proration.amountCents,
        breakdown,
        grossCents,
        renewal: samePrice
          ? null
          : { lines: there.lines as OrderLine[], subtotalCents: there.subtotalCents, discountCents: there.discountCents, baseCents: there.totalCents },
        renewalCents: samePrice ? renewalNow : there.totalCents,
      };
    },
  };
}

/** Whether the location can take this server now: the catalog's capacity and the panel's. */
export async function hasRoomFor(deps: RegionMoveDeps, server: ServerRow, location: string): Promise<boolean> {
  if (!(await deps.catalog.hasRoom(location))) return false;
  return deps.panel.hasCapacity(location, { ramGb: server.ramGb, diskGb: server.diskGb, vcpu: server.vcpu }).catch(() => false);
}
