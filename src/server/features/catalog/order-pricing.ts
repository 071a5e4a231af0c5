import type { Catalog } from '../../../shared/catalog';
import { panelEffects } from '../../../shared/delivery';
import { couponLine, withoutCoupon, type CouponTerms } from '../../../shared/coupons';
import { noTax, priceChoice, pricePack, PricingError, type QuoteCoupon } from '../../../shared/pricing';
import { taxLineLabel, type TaxBreakdown, type TaxTreatment } from '../../../shared/tax';
import type { CheckoutChoice } from '../../../shared/schemas/checkout';
import { lineText } from '../../../shared/line-text';
import type { OrderLine } from '../../db/schema';

type ServerChoice = Extract<CheckoutChoice, { kind: 'server' }>;

/** What an order stores about its price, derived from the catalog alone. */
export interface PricedOrder {
  kind: 'server' | 'pack';
  planName: string;
  /** A one-line summary for the provider's checkout: "Minecraft 4GB · 3 Months". */
  description: string;
  lines: OrderLine[];
  subtotalCents: number;
  /** The billing-period discount. */
  discountCents: number;
  /** The coupon, when one was applied; its line is the last of `lines`. */
  coupon: QuoteCoupon | null;
  couponCents: number;
  /** subtotal − discount − coupon, in the catalog's terms (net, or gross when prices include tax). */
  totalCents: number;
  /** Net, tax lines and gross (shared/tax.ts); the gross is charged. */
  tax: TaxBreakdown;
  months: number;
  server?: {
    game: string;
    gameName: string;
    planId: string;
    period: string;
    location: string;
    locationLabel: string;
    addons: Record<string, number>;
    name: string;
    ramGb: number;
    vcpu: number;
    diskGb: number;
    playerCap: number;
  };
  pack?: { id: string; slug: string };
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** The server's size: the plan's, with what its panel-side add-ons add (50GB disk per additional-SSD step). */
export function serverSize(catalog: Catalog, planId: string, addons: Record<string, number>) {
  const plan = catalog.plans.find((p) => p.id === planId);
  if (!plan) throw new PricingError('plan', `Unknown plan "${planId}"`);
  const game = catalog.games.find((g) => g.slug === plan.game);
  const more = panelEffects(catalog.addons, addons);
  return {
    ramGb: plan.ramGb + more.ramGb,
    vcpu: plan.vcpu + more.vcpu,
    diskGb: plan.diskGb + more.diskGb,
    playerCap: game?.playerCap ?? 0,
  };
}

/** The coupon's line (kind 'coupon', negative) after the item lines, when a coupon was applied. */
function withCouponLine(lines: OrderLine[], coupon: CouponTerms | undefined, applied: QuoteCoupon | null, currency: string): OrderLine[] {
  return coupon && applied ? [...lines, couponLine(coupon, applied.discountCents, currency)] : lines;
}

/**
 * Prices a server choice with the shared pricing function. Lines cover the whole term (plan and
 * each add-on × months); the period discount is kept apart as discountCents, so the item lines
 * add up to the subtotal; a coupon adds a negative line of its own, and
 * subtotal − discount − coupon = total.
 */
export function priceServerOrder(catalog: Catalog, choice: ServerChoice, coupon?: CouponTerms, tax: TaxTreatment = noTax): PricedOrder {
  const quote = priceChoice(catalog, choice, coupon, tax);
  const game = catalog.games.find((g) => g.slug === quote.game)!;
  const term = plural(quote.months, 'month');
  const lines: OrderLine[] = [
    {
      description: `${game.name} ${quote.plan.name} server (${term})`,
      text: lineText('line.server', { game: game.name, plan: quote.plan.name, months: quote.months }),
      quantity: quote.months,
      unitCents: quote.plan.monthlyCents,
      amountCents: quote.plan.monthlyCents * quote.months,
    },
    ...quote.addons.map((a) => ({
      description: `${a.name}${a.quantity > 1 ? ` × ${a.quantity}` : ''} (${term})`,
      text: lineText('line.addon', { name: a.name, quantity: a.quantity, months: quote.months }),
      quantity: a.quantity * quote.months,
      unitCents: a.unitCents,
      amountCents: a.monthlyCents * quote.months,
    })),
    ...(quote.location.monthlyCents > 0
      ? [
          {
            description: `${quote.location.label} location (${term})`,
            text: lineText('line.location', { location: quote.location.label, months: quote.months }),
            quantity: quote.months,
            unitCents: quote.location.monthlyCents,
            amountCents: quote.location.monthlyCents * quote.months,
          },
        ]
      : []),
  ];
  const addons = Object.fromEntries(quote.addons.map((a) => [a.key, a.quantity]));
  const size = serverSize(catalog, quote.plan.id, addons);
  return {
    kind: 'server',
    planName: `${game.name} ${quote.plan.name}`,
    description: `${game.name} ${quote.plan.name} · ${quote.period.label}`,
    lines: withCouponLine(lines, coupon, quote.coupon, catalog.currency),
    subtotalCents: quote.subtotalCents,
    discountCents: quote.savingsCents,
    coupon: quote.coupon,
    couponCents: quote.couponCents,
    totalCents: quote.totalCents,
    tax: quote.tax,
    months: quote.months,
    server: {
      game: game.slug,
      gameName: game.name,
      planId: quote.plan.id,
      period: quote.period.value,
      location: quote.location.value,
      locationLabel: quote.location.label,
      addons,
      name: choice.serverName || `${game.name} server`,
      ...size,
    },
  };
}

/** An upgrade pack, found by id or slug: one month of it, less the coupon when one is given. */
export function pricePackOrder(catalog: Catalog, packKey: string, coupon?: CouponTerms, tax: TaxTreatment = noTax): PricedOrder {
  const quote = pricePack(catalog, packKey, coupon, tax);
  const { pack } = quote;
  const line: OrderLine = {
    description: `${pack.name} pack (1 month)`,
    text: lineText('line.pack', { pack: pack.name, months: 1 }),
    quantity: 1,
    unitCents: pack.monthlyCents,
    amountCents: pack.monthlyCents,
  };
  return {
    kind: 'pack',
    planName: pack.name,
    description: `${pack.name} pack · Monthly`,
    lines: withCouponLine([line], coupon, quote.coupon, catalog.currency),
    subtotalCents: quote.subtotalCents,
    discountCents: 0,
    coupon: quote.coupon,
    couponCents: quote.couponCents,
    totalCents: quote.totalCents,
    tax: quote.tax,
    months: 1,
    pack: { id: pack.id, slug: pack.slug },
  };
}

/**
 * What a payment provider is given: the item lines, then (when tax is added on top) one line per
 * tax, so an undiscounted order's lines add up to the gross it is charged. The coupon stays in the
 * total (Stripe takes no negative line).
 */
export function providerLines(priced: Pick<PricedOrder, 'lines' | 'tax'>): OrderLine[] {
  const items = withoutCoupon(priced.lines);
  if (priced.tax.inclusive) return items;
  const taxes = priced.tax.lines
    .filter((l) => l.amountCents > 0)
    .map((l) => ({ description: taxLineLabel(l), quantity: 1, unitCents: l.amountCents, amountCents: l.amountCents }));
  return [...items, ...taxes];
}
