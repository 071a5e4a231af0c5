import type { Catalog } from './catalog';

/** What a customer chose in the configurator. Add-ons map a key to a quantity. */
export interface PriceChoice {
  game: string;
  plan: string;
  period: string;
  location: string;
  addons: Record<string, number>;
}

export interface QuoteLine {
  key: string;
  name: string;
  quantity: number;
  unitCents: number;
  monthlyCents: number;
}

export interface Quote {
  game: string;
  plan: { id: string; name: string; monthlyCents: number };
  period: { value: string; label: string; months: number; discountPercent: number };
  location: { value: string; label: string };
  addons: QuoteLine[];
  /** Plan plus add-ons, for one month, before any discount. */
  monthlyCents: number;
  months: number;
  discountPercent: number;
  /** monthlyCents × months. */
  subtotalCents: number;
  /** What the discount takes off: subtotal − total. */
  savingsCents: number;
  totalCents: number;
}

/** A choice that the catalog does not sell. `field` names the part that is wrong. */
export class PricingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/**
 * Total = (plan + add-ons) × months × (1 − discount), rounded to the cent once, at the end.
 * Every input is checked against the catalog; the caller never supplies an amount.
 */
export function priceChoice(catalog: Catalog, choice: PriceChoice): Quote {
  const game = catalog.games.find((g) => g.slug === choice.game);
  if (!game) throw new PricingError('game', `Unknown game "${choice.game}"`);
  const plan = catalog.plans.find((p) => p.id === choice.plan);
  if (!plan || plan.game !== game.slug) {
    throw new PricingError('plan', `Unknown plan "${choice.plan}" for ${game.name}`);
  }
  const period = catalog.periods.find((p) => p.value === choice.period);
  if (!period) throw new PricingError('period', `Unknown billing period "${choice.period}"`);
  const location = catalog.locations.find((l) => l.value === choice.location);
  if (!location) throw new PricingError('location', `Unknown location "${choice.location}"`);

  const addons: QuoteLine[] = [];
  for (const [key, quantity] of Object.entries(choice.addons)) {
    const addon = catalog.addons.find((a) => a.key === key);
    if (!addon) throw new PricingError(`addons.${key}`, `Unknown add-on "${key}"`);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > addon.maxQuantity) {
      throw new PricingError(
        `addons.${key}`,
        `${addon.name} quantity must be a whole number from 0 to ${addon.maxQuantity}`,
      );
    }
    if (quantity === 0) continue;
    addons.push({
      key,
      name: addon.name,
      quantity,
      unitCents: addon.priceCents,
      monthlyCents: addon.priceCents * quantity,
    });
  }
  addons.sort(
    (a, b) =>
      catalog.addons.findIndex((x) => x.key === a.key) -
      catalog.addons.findIndex((x) => x.key === b.key),
  );

  const monthlyCents = plan.priceCents + addons.reduce((sum, a) => sum + a.monthlyCents, 0);
  const subtotalCents = monthlyCents * period.months;
  const totalCents = Math.round((subtotalCents * (100 - period.discountPercent)) / 100);
  return {
    game: game.slug,
    plan: { id: plan.id, name: plan.name, monthlyCents: plan.priceCents },
    period: {
      value: period.value,
      label: period.label,
      months: period.months,
      discountPercent: period.discountPercent,
    },
    location: { value: location.value, label: location.label },
    addons,
    monthlyCents,
    months: period.months,
    discountPercent: period.discountPercent,
    subtotalCents,
    savingsCents: subtotalCents - totalCents,
    totalCents,
  };
}
