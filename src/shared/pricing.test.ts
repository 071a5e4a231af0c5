import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Addon, BillingPeriod, Catalog, Plan } from './catalog';
import type { CouponTerms } from './coupons';
import { priceChoice, pricePack, PricingError, type PriceChoice } from './pricing';
import { applyTax } from './tax';

/*
 * The spec's figures (seed-spec §9, product-decisions §2), written out here rather than imported
 * from the server seed: src/shared never imports src/server, and the seed has its own test.
 */
function plan(id: string, game: string, priceCents: number, sort: number): Plan {
  const ramGb = Number(id.split('-')[1]?.replace('gb', ''));
  return { id, game, name: `${ramGb}GB`, ramGb, vcpu: ramGb / 2, diskGb: ramGb * 10, priceCents, description: '', recommended: false, sort };
}
function addon(key: string, priceCents: number, maxQuantity: number, sort: number): Addon {
  return { key, name: key, description: '', priceCents, maxQuantity, sort };
}
function period(value: string, months: number, discountPercent: number, sort: number): BillingPeriod {
  return { value, label: value, months, discountPercent, sort };
}

const catalog: Catalog = {
  currency: 'usd',
  games: [
    { slug: 'minecraft', name: 'Minecraft', tagline: '', playerCap: 10, sort: 1 },
    { slug: 'fivem', name: 'FiveM', tagline: '', playerCap: 32, sort: 2 },
    { slug: 'palworld', name: 'Palworld', tagline: '', playerCap: 8, sort: 3 },
  ],
  plans: [
    plan('minecraft-1gb', 'minecraft', 350, 1),
    plan('minecraft-2gb', 'minecraft', 700, 2),
    plan('minecraft-4gb', 'minecraft', 1400, 3),
    plan('minecraft-8gb', 'minecraft', 2800, 4),
    plan('fivem-2gb', 'fivem', 650, 1),
    plan('fivem-4gb', 'fivem', 1250, 2),
    plan('fivem-6gb', 'fivem', 1850, 3),
    plan('fivem-8gb', 'fivem', 2450, 4),
    plan('palworld-4gb', 'palworld', 1200, 1),
    plan('palworld-8gb', 'palworld', 2400, 2),
    plan('palworld-16gb', 'palworld', 4800, 3),
  ],
  addons: [
    addon('automatic-backups', 299, 1, 1),
    addon('discord-integration', 149, 1, 2),
    addon('advanced-analytics', 399, 1, 3),
    addon('additional-ssd', 250, 20, 4),
  ],
  periods: [period('monthly', 1, 0, 1), period('3months', 3, 5, 2), period('6months', 6, 10, 3), period('12months', 12, 20, 4)],
  locations: [
    { value: 'us-west', label: 'US West', sort: 1 },
    { value: 'us-east', label: 'US East', sort: 2 },
    { value: 'eu-west', label: 'EU West', sort: 3 },
    { value: 'asia-pacific', label: 'Asia Pacific', sort: 4 },
  ],
  packs: [],
};

/** Half-up rounding of n/100 in integer arithmetic, independent of the code under test. */
function roundHundredths(n: number): number {
  const shifted = n + 50;
  return (shifted - (shifted % 100)) / 100;
}

function expectedTotal(c: Catalog, choice: PriceChoice): number {
  const p = c.plans.find((x) => x.id === choice.plan)!;
  const per = c.periods.find((x) => x.value === choice.period)!;
  let monthly = p.priceCents;
  for (const [key, qty] of Object.entries(choice.addons)) {
    monthly += c.addons.find((a) => a.key === key)!.priceCents * qty;
  }
  return roundHundredths(monthly * per.months * (100 - per.discountPercent));
}

// --- arbitraries over the spec catalog -------------------------------------------------------

const addonsArb = fc.record(
  {
    'automatic-backups': fc.integer({ min: 0, max: 1 }),
    'discord-integration': fc.integer({ min: 0, max: 1 }),
    'advanced-analytics': fc.integer({ min: 0, max: 1 }),
    'additional-ssd': fc.integer({ min: 0, max: 20 }),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, number>>;

const choiceArb: fc.Arbitrary<PriceChoice> = fc
  .record({
    plan: fc.constantFrom(...catalog.plans),
    period: fc.constantFrom(...catalog.periods.map((p) => p.value)),
    location: fc.constantFrom(...catalog.locations.map((l) => l.value)),
    addons: addonsArb,
  })
  .map(({ plan: p, ...rest }) => ({ game: p.game, plan: p.id, ...rest }));

const knownGames = new Set(catalog.games.map((g) => g.slug));
const knownPlans = new Set(catalog.plans.map((p) => p.id));
const knownPeriods = new Set(catalog.periods.map((p) => p.value));
const knownLocations = new Set(catalog.locations.map((l) => l.value));
const knownAddons = new Set(catalog.addons.map((a) => a.key));

function pricingErrorOf(fn: () => unknown): PricingError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PricingError) return error;
    throw error;
  }
  throw new Error('expected a PricingError, but nothing was thrown');
}

// --- examples ----------------------------------------------------------------------------------

interface Example {
  game: string;
  plan: string;
  period: string;
  addons: Record<string, number>;
  monthly: number;
  subtotal: number;
  total: number;
}

describe('priceChoice examples (hand-computed cents)', () => {
  const base = { location: 'us-west' };
  it.each<Example>([
    // Minecraft
    { game: 'minecraft', plan: 'minecraft-1gb', period: 'monthly', addons: {}, monthly: 350, subtotal: 350, total: 350 },
    // 1050 × 0.95 = 997.5, rounds half up
    { game: 'minecraft', plan: 'minecraft-1gb', period: '3months', addons: {}, monthly: 350, subtotal: 1050, total: 998 },
    { game: 'minecraft', plan: 'minecraft-4gb', period: '3months', addons: { 'additional-ssd': 2 }, monthly: 1900, subtotal: 5700, total: 5415 },
    { game: 'minecraft', plan: 'minecraft-2gb', period: '6months', addons: { 'automatic-backups': 1 }, monthly: 999, subtotal: 5994, total: 5395 },
    {
      game: 'minecraft', plan: 'minecraft-8gb', period: '12months',
      addons: { 'automatic-backups': 1, 'discord-integration': 1, 'advanced-analytics': 1, 'additional-ssd': 3 },
      monthly: 4397, subtotal: 52764, total: 42211,
    },
    // FiveM
    { game: 'fivem', plan: 'fivem-2gb', period: 'monthly', addons: { 'discord-integration': 1 }, monthly: 799, subtotal: 799, total: 799 },
    // Rounded once: 9588 × 0.8 = 7670.4 → 7670 (rounding each month first would give 639 × 12 = 7668)
    { game: 'fivem', plan: 'fivem-2gb', period: '12months', addons: { 'discord-integration': 1 }, monthly: 799, subtotal: 9588, total: 7670 },
    { game: 'fivem', plan: 'fivem-4gb', period: '6months', addons: { 'automatic-backups': 1, 'discord-integration': 1 }, monthly: 1698, subtotal: 10188, total: 9169 },
    { game: 'fivem', plan: 'fivem-6gb', period: '3months', addons: { 'advanced-analytics': 1, 'additional-ssd': 1 }, monthly: 2499, subtotal: 7497, total: 7122 },
    { game: 'fivem', plan: 'fivem-8gb', period: '12months', addons: {}, monthly: 2450, subtotal: 29400, total: 23520 },
    // Palworld
    { game: 'palworld', plan: 'palworld-4gb', period: 'monthly', addons: { 'additional-ssd': 20 }, monthly: 6200, subtotal: 6200, total: 6200 },
    { game: 'palworld', plan: 'palworld-8gb', period: '3months', addons: { 'automatic-backups': 1 }, monthly: 2699, subtotal: 8097, total: 7692 },
    {
      game: 'palworld', plan: 'palworld-16gb', period: '6months',
      addons: { 'automatic-backups': 1, 'discord-integration': 1, 'advanced-analytics': 1 },
      monthly: 5647, subtotal: 33882, total: 30494,
    },
    {
      game: 'palworld', plan: 'palworld-8gb', period: '12months',
      addons: { 'discord-integration': 1, 'advanced-analytics': 1, 'additional-ssd': 4 },
      monthly: 3948, subtotal: 47376, total: 37901,
    },
  ])('$plan $period $addons → $total', ({ monthly, subtotal, total, ...choice }) => {
    const quote = priceChoice(catalog, { ...base, ...choice });
    expect(quote.monthlyCents).toBe(monthly);
    expect(quote.subtotalCents).toBe(subtotal);
    expect(quote.totalCents).toBe(total);
    expect(quote.savingsCents).toBe(subtotal - total);
  });

  it('breaks the quote down into plan, period, location and add-on lines in catalog order', () => {
    const quote = priceChoice(catalog, {
      game: 'minecraft',
      plan: 'minecraft-4gb',
      period: '6months',
      location: 'eu-west',
      addons: { 'additional-ssd': 3, 'discord-integration': 0, 'automatic-backups': 1 },
    });
    expect(quote.plan).toEqual({ id: 'minecraft-4gb', name: '4GB', monthlyCents: 1400 });
    expect(quote.period).toEqual({ value: '6months', label: '6months', months: 6, discountPercent: 10 });
    expect(quote.location).toEqual({ value: 'eu-west', label: 'EU West', monthlyCents: 0 });
    expect(quote.months).toBe(6);
    expect(quote.discountPercent).toBe(10);
    // A zero quantity is no line at all; lines follow the catalog's order, not the request's.
    expect(quote.addons).toEqual([
      { key: 'automatic-backups', name: 'automatic-backups', quantity: 1, unitCents: 299, monthlyCents: 299 },
      { key: 'additional-ssd', name: 'additional-ssd', quantity: 3, unitCents: 250, monthlyCents: 750 },
    ]);
  });

  it("adds a location's own monthly price to the month before the period discount", () => {
    const priced: Catalog = { ...catalog, locations: catalog.locations.map((l) => (l.value === 'eu-west' ? { ...l, monthlyCents: 300 } : l)) };
    const choice = { game: 'minecraft', plan: 'minecraft-4gb', period: '6months', addons: {} };
    const there = priceChoice(priced, { ...choice, location: 'eu-west' });
    expect(there.location).toEqual({ value: 'eu-west', label: 'EU West', monthlyCents: 300 });
    expect(there.monthlyCents).toBe(1700);
    // (1400 + 300) × 6 × 0.9 = 9180, against 7560 elsewhere.
    expect(there.totalCents).toBe(9180);
    expect(priceChoice(priced, { ...choice, location: 'us-east' }).totalCents).toBe(7560);
  });

  it('lets the additional SSD be taken up to its maximum, and no further', () => {
    const choice = { game: 'palworld', plan: 'palworld-4gb', period: 'monthly', location: 'us-east' };
    expect(priceChoice(catalog, { ...choice, addons: { 'additional-ssd': 20 } }).totalCents).toBe(1200 + 20 * 250);
    expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, addons: { 'additional-ssd': 21 } })).field).toBe(
      'addons.additional-ssd',
    );
  });

  it('does not let a toggle add-on be taken twice', () => {
    const err = pricingErrorOf(() =>
      priceChoice(catalog, { game: 'fivem', plan: 'fivem-2gb', period: 'monthly', location: 'us-east', addons: { 'automatic-backups': 2 } }),
    );
    expect(err.field).toBe('addons.automatic-backups');
  });
});

// --- properties --------------------------------------------------------------------------------

describe('priceChoice properties', () => {
  it('total = round((plan + add-ons) × months × (100 − discount) / 100), rounded once', () => {
    fc.assert(
      fc.property(choiceArb, (choice) => {
        const quote = priceChoice(catalog, choice);
        expect(quote.totalCents).toBe(expectedTotal(catalog, choice));
        expect(Number.isInteger(quote.totalCents)).toBe(true);
      }),
    );
  });

  it('holds the same formula for any catalog amounts, not only the spec figures', () => {
    const arb = fc.record({
      planCents: fc.integer({ min: 0, max: 1_000_000 }),
      addonCents: fc.integer({ min: 0, max: 100_000 }),
      qty: fc.integer({ min: 0, max: 50 }),
      months: fc.integer({ min: 1, max: 36 }),
      discount: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(arb, ({ planCents, addonCents, qty, months, discount }) => {
        const c: Catalog = {
          ...catalog,
          plans: [plan('x-1gb', 'minecraft', planCents, 1)],
          addons: [addon('extra', addonCents, 50, 1)],
          periods: [period('p', months, discount, 1)],
        };
        const choice = { game: 'minecraft', plan: 'x-1gb', period: 'p', location: 'us-west', addons: { extra: qty } };
        const quote = priceChoice(c, choice);
        expect(quote.subtotalCents).toBe((planCents + addonCents * qty) * months);
        expect(quote.totalCents).toBe(expectedTotal(c, choice));
        expect(quote.savingsCents).toBe(quote.subtotalCents - quote.totalCents);
      }),
    );
  });

  it('never makes the per-month cost go up as the period gets longer', () => {
    const byLength = [...catalog.periods].sort((a, b) => a.months - b.months);
    fc.assert(
      fc.property(choiceArb, (choice) => {
        const quotes = byLength.map((p) => priceChoice(catalog, { ...choice, period: p.value }));
        for (let i = 1; i < quotes.length; i++) {
          const shorter = quotes[i - 1]!;
          const longer = quotes[i]!;
          // total_longer / months_longer ≤ total_shorter / months_shorter, without floats
          expect(longer.totalCents * shorter.months).toBeLessThanOrEqual(shorter.totalCents * longer.months);
        }
      }),
    );
  });

  it('savings = subtotal − total, never negative, and the total is never below zero', () => {
    fc.assert(
      fc.property(choiceArb, (choice) => {
        const q = priceChoice(catalog, choice);
        expect(q.subtotalCents).toBe(q.monthlyCents * q.months);
        expect(q.savingsCents).toBe(q.subtotalCents - q.totalCents);
        expect(q.savingsCents).toBeGreaterThanOrEqual(0);
        expect(q.totalCents).toBeGreaterThanOrEqual(0);
        if (q.discountPercent === 0) expect(q.savingsCents).toBe(0);
      }),
    );
  });

  it('rejects an unknown game with field "game"', () => {
    fc.assert(
      fc.property(
        choiceArb,
        fc.string().filter((s) => !knownGames.has(s)),
        (choice, game) => {
          expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, game })).field).toBe('game');
        },
      ),
    );
  });

  it('rejects an unknown plan with field "plan"', () => {
    fc.assert(
      fc.property(
        choiceArb,
        fc.string().filter((s) => !knownPlans.has(s)),
        (choice, planId) => {
          expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, plan: planId })).field).toBe('plan');
        },
      ),
    );
  });

  it("rejects another game's plan with field \"plan\"", () => {
    fc.assert(
      fc.property(choiceArb, fc.constantFrom(...catalog.plans), (choice, other) => {
        fc.pre(other.game !== choice.game);
        expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, plan: other.id })).field).toBe('plan');
      }),
    );
  });

  it('rejects an unknown period with field "period"', () => {
    fc.assert(
      fc.property(
        choiceArb,
        fc.string().filter((s) => !knownPeriods.has(s)),
        (choice, value) => {
          expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, period: value })).field).toBe('period');
        },
      ),
    );
  });

  it('rejects an unknown location with field "location"', () => {
    fc.assert(
      fc.property(
        choiceArb,
        fc.string().filter((s) => !knownLocations.has(s)),
        (choice, value) => {
          expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, location: value })).field).toBe('location');
        },
      ),
    );
  });

  it('rejects an unknown add-on with field "addons.<key>"', () => {
    fc.assert(
      fc.property(
        choiceArb,
        fc.string().filter((s) => !knownAddons.has(s)),
        fc.integer({ min: 0, max: 20 }),
        (choice, key, qty) => {
          const addons = { ...choice.addons };
          Object.defineProperty(addons, key, { value: qty, enumerable: true, configurable: true, writable: true });
          expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, addons })).field).toBe(`addons.${key}`);
        },
      ),
    );
  });

  it('rejects a quantity outside 0..max with field "addons.<key>"', () => {
    const outOfRange = fc.constantFrom(...catalog.addons).chain((a) =>
      fc.record({
        key: fc.constant(a.key),
        qty: fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: a.maxQuantity + 1 })),
      }),
    );
    fc.assert(
      fc.property(choiceArb, outOfRange, (choice, { key, qty }) => {
        const err = pricingErrorOf(() => priceChoice(catalog, { ...choice, addons: { ...choice.addons, [key]: qty } }));
        expect(err.field).toBe(`addons.${key}`);
      }),
    );
  });

  it('rejects a fractional or non-finite quantity with field "addons.<key>"', () => {
    const notWhole = fc.oneof(
      fc.double({ min: -30, max: 30, noNaN: true }).filter((n) => !Number.isInteger(n)),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 0.5, 1.5),
    );
    fc.assert(
      fc.property(choiceArb, fc.constantFrom(...catalog.addons.map((a) => a.key)), notWhole, (choice, key, qty) => {
        const err = pricingErrorOf(() => priceChoice(catalog, { ...choice, addons: { ...choice.addons, [key]: qty } }));
        expect(err.field).toBe(`addons.${key}`);
      }),
    );
  });
});

// --- coupons -----------------------------------------------------------------------------------

function coupon(overrides: Partial<CouponTerms> = {}): CouponTerms {
  return { code: 'SAVE', kind: 'percent', amount: 20, duration: 'once', durationPeriods: null, games: [], plans: [], packs: [], ...overrides };
}

const couponArb: fc.Arbitrary<CouponTerms> = fc.oneof(
  fc.integer({ min: 1, max: 100 }).map((amount) => coupon({ kind: 'percent', amount })),
  fc.integer({ min: 1, max: 200_000 }).map((amount) => coupon({ kind: 'fixed', amount })),
);

describe('priceChoice with a coupon', () => {
  const choice = { game: 'minecraft', plan: 'minecraft-4gb', location: 'us-west', addons: {} };

  it.each([
    // 1400, 20% → 280 off
    { period: 'monthly', terms: coupon(), periodTotal: 1400, off: 280 },
    // 4200 × 0.95 = 3990; 20% = 798
    { period: '3months', terms: coupon(), periodTotal: 3990, off: 798 },
    // 16800 × 0.8 = 13440; 15% = 2016
    { period: '12months', terms: coupon({ amount: 15 }), periodTotal: 13440, off: 2016 },
    // 3990 × 33% = 1316.7 → 1317 (half up, once)
    { period: '3months', terms: coupon({ amount: 33 }), periodTotal: 3990, off: 1317 },
    // 1400 × 2.5%… percents are whole: 1400 × 3% = 42
    { period: 'monthly', terms: coupon({ amount: 3 }), periodTotal: 1400, off: 42 },
    // a fixed $5.00 off the period total
    { period: '6months', terms: coupon({ kind: 'fixed', amount: 500 }), periodTotal: 7560, off: 500 },
    // 100% leaves the $0.50 minimum
    { period: 'monthly', terms: coupon({ amount: 100 }), periodTotal: 1400, off: 1350 },
    // a fixed amount larger than the order also leaves $0.50
    { period: 'monthly', terms: coupon({ kind: 'fixed', amount: 99_999 }), periodTotal: 1400, off: 1350 },
  ])('$period, $terms.kind $terms.amount: $off off $periodTotal', ({ period, terms, periodTotal, off }) => {
    const quote = priceChoice(catalog, { ...choice, period }, terms);
    expect(quote.subtotalCents - quote.savingsCents).toBe(periodTotal);
    expect(quote.coupon).toEqual({ code: 'SAVE', label: terms.kind === 'percent' ? `${terms.amount}% off` : `$${(terms.amount / 100).toFixed(2)} off`, discountCents: off });
    expect(quote.couponCents).toBe(off);
    expect(quote.totalCents).toBe(periodTotal - off);
  });

  it('leaves the quote as it was without a coupon', () => {
    const quote = priceChoice(catalog, { ...choice, period: 'monthly' });
    expect(quote.coupon).toBeNull();
    expect(quote.couponCents).toBe(0);
    expect(quote.totalCents).toBe(1400);
  });

  it('refuses a coupon that is not for this plan with field "coupon", and accepts it for a listed game or plan', () => {
    const onlyFivem = coupon({ games: ['fivem'], plans: ['minecraft-8gb'] });
    const err = pricingErrorOf(() => priceChoice(catalog, { ...choice, period: 'monthly' }, onlyFivem));
    expect([err.field, err.message]).toEqual(['coupon', 'This coupon is not for this plan.']);
    expect(priceChoice(catalog, { ...choice, plan: 'minecraft-8gb', period: 'monthly' }, onlyFivem).couponCents).toBe(560);
    expect(priceChoice(catalog, { ...choice, game: 'fivem', plan: 'fivem-2gb', period: 'monthly' }, onlyFivem).couponCents).toBe(130);
    // A coupon only for packs is not for any plan.
    expect(pricingErrorOf(() => priceChoice(catalog, { ...choice, period: 'monthly' }, coupon({ packs: ['essentials'] }))).field).toBe('coupon');
  });

  it('takes the coupon off the period total: total = period total − discount, the discount rounded half up once', () => {
    fc.assert(
      fc.property(choiceArb, couponArb, (c, terms) => {
        const plain = priceChoice(catalog, c);
        const quote = priceChoice(catalog, c, terms);
        const periodTotal = plain.totalCents;
        const raw = terms.kind === 'percent' ? roundHundredths(periodTotal * terms.amount) : terms.amount;
        const off = Math.max(0, Math.min(raw, periodTotal - 50));
        expect(quote.subtotalCents).toBe(plain.subtotalCents);
        expect(quote.savingsCents).toBe(plain.savingsCents);
        expect(quote.couponCents).toBe(off);
        expect(quote.totalCents).toBe(periodTotal - off);
        expect(quote.subtotalCents - quote.savingsCents - quote.couponCents).toBe(quote.totalCents);
        expect(Number.isInteger(quote.totalCents)).toBe(true);
        // Never below the $0.50 card minimum, unless the order was already below it (then nothing is taken off).
        expect(quote.totalCents).toBeGreaterThanOrEqual(Math.min(50, periodTotal));
        expect(quote.totalCents).toBeLessThanOrEqual(periodTotal);
      }),
    );
  });

  it('a bigger percentage never costs more', () => {
    fc.assert(
      fc.property(choiceArb, fc.integer({ min: 1, max: 99 }), (c, pct) => {
        const less = priceChoice(catalog, c, coupon({ amount: pct }));
        const more = priceChoice(catalog, c, coupon({ amount: pct + 1 }));
        expect(more.totalCents).toBeLessThanOrEqual(less.totalCents);
      }),
    );
  });
});

describe('pricePack', () => {
  const withPacks: Catalog = {
    ...catalog,
    packs: [{ id: 'essentials', slug: 'spawnpoint-essentials', name: 'Essentials', priceCents: 699, tagline: '', highlights: [], features: [], sort: 1 }],
  };

  it('prices one month of a pack, by id or slug, less the coupon', () => {
    expect(pricePack(withPacks, 'essentials')).toMatchObject({ subtotalCents: 699, couponCents: 0, totalCents: 699, coupon: null });
    // 699 × 20% = 139.8 → 140
    expect(pricePack(withPacks, 'spawnpoint-essentials', coupon())).toMatchObject({ subtotalCents: 699, couponCents: 140, totalCents: 559 });
    expect(pricingErrorOf(() => pricePack(withPacks, 'nope')).field).toBe('pack');
    const err = pricingErrorOf(() => pricePack(withPacks, 'essentials', coupon({ games: ['minecraft'] })));
    expect([err.field, err.message]).toEqual(['coupon', 'This coupon is not for this pack.']);
  });
});

describe('taxes on top of the pricing', () => {
  const treatment = fc.record({
    inclusive: fc.boolean(),
    reverseCharge: fc.constant(false),
    lines: fc.array(fc.record({ name: fc.constantFrom('VAT', 'GST', 'QST'), rate: fc.integer({ min: 0, max: 100_000 }) }), { maxLength: 3 }),
  });

  it('come after every discount: the quote’s tax is applyTax of its total, and the coupon never touches the tax (property)', () => {
    fc.assert(
      fc.property(choiceArb, fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }), treatment, (choice, pct, tax) => {
        const terms = pct === undefined ? undefined : coupon({ amount: pct });
        const plain = priceChoice(catalog, choice, terms);
        const taxed = priceChoice(catalog, choice, terms, tax);
        expect({ ...taxed, tax: plain.tax }).toEqual(plain);
        expect(taxed.tax).toEqual(applyTax(plain.totalCents, tax));
        expect(taxed.tax.netCents + taxed.tax.taxCents).toBe(taxed.tax.grossCents);
        expect(tax.inclusive ? taxed.tax.grossCents : taxed.tax.netCents).toBe(taxed.totalCents);
      }),
    );
  });

  it('without a treatment, the quote is untaxed: net = gross = total', () => {
    const quote = priceChoice(catalog, { game: 'minecraft', plan: 'minecraft-4gb', period: 'monthly', location: 'us-west', addons: {} });
    expect(quote.tax).toEqual({ inclusive: false, reverseCharge: false, netCents: 1400, lines: [], taxCents: 0, grossCents: 1400 });
  });
});
