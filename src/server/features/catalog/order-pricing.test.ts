import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import { priceChoice, PricingError } from '../../../shared/pricing';
import { serverCheckoutSchema } from '../../../shared/schemas/checkout';
import { defaultCatalog } from '../../db/seed/catalog-default';
import { packSlug } from './catalog.repository';
import { pricePackOrder, priceServerOrder } from './order-pricing';

const catalog: Catalog = {
  currency: 'usd',
  ...defaultCatalog,
  packs: defaultCatalog.packs.map((p) => ({ ...p, slug: packSlug(p.id, 'Spawnpoint') })),
};

const choice = (overrides: object = {}) =>
  serverCheckoutSchema.parse({ kind: 'server', game: 'fivem', plan: 'fivem-6gb', period: 'monthly', location: 'eu-west', ...overrides });

describe('order pricing', () => {
  it('writes a line for the plan and each add-on over the whole term, and the discount apart', () => {
    const order = priceServerOrder(catalog, choice({ period: '12months', addons: { 'additional-ssd': 1 }, serverName: 'LS RP' }));
    // (18.50 + 2.50) × 12 × 0.8 = $201.60, as the configurator shows.
    expect(order).toMatchObject({
      planName: 'FiveM 6GB',
      description: 'FiveM 6GB · 12 Months',
      subtotalCents: 25200,
      discountCents: 5040,
      totalCents: 20160,
      months: 12,
      lines: [
        { description: 'FiveM 6GB server (12 months)', quantity: 12, unitCents: 1850, amountCents: 22200 },
        { description: 'Additional SSD (12 months)', quantity: 12, unitCents: 250, amountCents: 3000 },
      ],
      server: { name: 'LS RP', ramGb: 6, vcpu: 3, diskGb: 95, playerCap: 32, location: 'eu-west', locationLabel: 'EU West (Amsterdam)' },
    });
  });

  it("writes a location's own monthly price as a line of its own, inside the subtotal the discount applies to", () => {
    const priced: Catalog = { ...catalog, locations: catalog.locations.map((l) => (l.value === 'eu-west' ? { ...l, monthlyCents: 300 } : l)) };
    const order = priceServerOrder(priced, choice({ period: '3months' }));
    // (18.50 + 3.00) × 3 × 0.95 = $61.28 (61.275 rounded half up once).
    expect(order).toMatchObject({ subtotalCents: 6450, discountCents: 322, totalCents: 6128 });
    expect(order.lines).toEqual([
      { description: 'FiveM 6GB server (3 months)', text: { key: 'line.server', values: { game: 'FiveM', plan: '6GB', months: 3 } }, quantity: 3, unitCents: 1850, amountCents: 5550 },
      {
        description: 'EU West (Amsterdam) location (3 months)',
        text: { key: 'line.location', values: { location: 'EU West (Amsterdam)', months: 3 } },
        quantity: 3,
        unitCents: 300,
        amountCents: 900,
      },
    ]);
    expect(priceServerOrder(priced, choice({ period: '3months', location: 'us-west' })).lines).toHaveLength(1);
  });

  it('leaves out add-ons taken zero times and defaults the name to the game', () => {
    const order = priceServerOrder(catalog, choice({ addons: { 'automatic-backups': 0 }, serverName: ' \u0007 ' }));
    expect(order.lines).toHaveLength(1);
    expect(order.server?.addons).toEqual({});
    expect(order.server?.name).toBe('FiveM server');
  });

  it('prices a pack by id or slug, one month', () => {
    for (const key of ['essentials', 'spawnpoint-essentials']) {
      expect(pricePackOrder(catalog, key)).toMatchObject({ kind: 'pack', planName: 'Essentials', totalCents: 699, months: 1, pack: { id: 'essentials' } });
    }
    expect(() => pricePackOrder(catalog, 'nope')).toThrow(PricingError);
  });

  it('always agrees with the shared price function, and its lines add up', () => {
    const plans = catalog.plans;
    fc.assert(
      fc.property(
        fc.constantFrom(...plans),
        fc.constantFrom(...catalog.periods.map((p) => p.value)),
        fc.constantFrom(...catalog.locations.map((l) => l.value)),
        fc.record({
          'automatic-backups': fc.integer({ min: 0, max: 1 }),
          'additional-ssd': fc.integer({ min: 0, max: 20 }),
        }),
        (plan, period, location, addons) => {
          const c = choice({ game: plan.game, plan: plan.id, period, location, addons });
          const order = priceServerOrder(catalog, c);
          const quote = priceChoice(catalog, c);
          expect(order.totalCents).toBe(quote.totalCents);
          expect(order.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(order.subtotalCents);
          expect(order.subtotalCents - order.discountCents).toBe(order.totalCents);
          for (const line of order.lines) expect(line.unitCents * line.quantity).toBe(line.amountCents);
          expect(order.server?.diskGb).toBe(plan.diskGb + 50 * addons['additional-ssd']);
        },
      ),
      { numRuns: 300 },
    );
  });
});
