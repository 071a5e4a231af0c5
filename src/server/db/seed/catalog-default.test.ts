import { describe, expect, it } from 'vitest';
import { essentialsSlug, startingPriceCents, type Catalog } from '../../../shared/catalog';
import { defaultCatalog } from './catalog-default';

const catalog: Catalog = {
  currency: 'usd',
  ...defaultCatalog,
  packs: defaultCatalog.packs.map((p) => ({ ...p, slug: p.id })),
};

function plansOf(game: string) {
  return defaultCatalog.plans
    .filter((p) => p.game === game)
    .sort((a, b) => a.sort - b.sort)
    .map(({ ramGb, vcpu, diskGb, priceCents, recommended }) => ({ ramGb, vcpu, diskGb, priceCents, recommended }));
}

describe('default catalog seed (spec §9 and product-decisions §2)', () => {
  it('has the three games in order with player caps 10 / 32 / 8', () => {
    expect(defaultCatalog.games.map(({ slug, playerCap }) => ({ slug, playerCap }))).toEqual([
      { slug: 'minecraft', playerCap: 10 },
      { slug: 'fivem', playerCap: 32 },
      { slug: 'palworld', playerCap: 8 },
    ]);
  });

  it('has the Minecraft configurator plans, 4GB recommended', () => {
    expect(plansOf('minecraft')).toEqual([
      { ramGb: 1, vcpu: 0.5, diskGb: 10, priceCents: 350, recommended: false },
      { ramGb: 2, vcpu: 1, diskGb: 20, priceCents: 700, recommended: false },
      { ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, recommended: true },
      { ramGb: 8, vcpu: 4, diskGb: 80, priceCents: 2800, recommended: false },
    ]);
  });

  it('has the FiveM configurator plans, 8GB recommended', () => {
    expect(plansOf('fivem')).toEqual([
      { ramGb: 2, vcpu: 1, diskGb: 15, priceCents: 650, recommended: false },
      { ramGb: 4, vcpu: 2, diskGb: 30, priceCents: 1250, recommended: false },
      { ramGb: 6, vcpu: 3, diskGb: 45, priceCents: 1850, recommended: false },
      { ramGb: 8, vcpu: 4, diskGb: 60, priceCents: 2450, recommended: true },
    ]);
  });

  it('has the Palworld configurator plans, 8GB recommended', () => {
    expect(plansOf('palworld')).toEqual([
      { ramGb: 4, vcpu: 2, diskGb: 25, priceCents: 1200, recommended: false },
      { ramGb: 8, vcpu: 4, diskGb: 50, priceCents: 2400, recommended: true },
      { ramGb: 16, vcpu: 8, diskGb: 100, priceCents: 4800, recommended: false },
    ]);
  });

  it('has no plan for a game it does not list, and unique plan ids', () => {
    const slugs = new Set(defaultCatalog.games.map((g) => g.slug));
    expect(defaultCatalog.plans.every((p) => slugs.has(p.game))).toBe(true);
    expect(new Set(defaultCatalog.plans.map((p) => p.id)).size).toBe(defaultCatalog.plans.length);
  });

  it('has only add-ons that do something (decision 058): backups at 299 and SSD at 250 cents, only the SSD taken more than once', () => {
    expect(defaultCatalog.addons.map(({ key, priceCents, delivery }) => [key, priceCents, delivery])).toEqual([
      ['automatic-backups', 299, { type: 'panel', resource: 'backups', amount: 7 }],
      ['additional-ssd', 250, { type: 'panel', resource: 'disk', amount: 50 }],
    ]);
    expect(defaultCatalog.packs.map((p) => [p.id, p.delivery.type])).toEqual([
      ['essentials', 'manual'],
      ['game-expansion-pack', 'manual'],
      ['community-pack', 'priority-support'],
    ]);
    const multi = defaultCatalog.addons.filter((a) => a.maxQuantity > 1).map((a) => a.key);
    expect(multi).toEqual(['additional-ssd']);
  });

  it('has the billing periods 1 / 3 / 6 / 12 months at 0 / 5 / 10 / 20 percent off', () => {
    expect(defaultCatalog.periods.map(({ value, months, discountPercent }) => [value, months, discountPercent])).toEqual([
      ['monthly', 1, 0],
      ['3months', 3, 5],
      ['6months', 6, 10],
      ['12months', 12, 20],
    ]);
  });

  it('has the four locations', () => {
    expect(defaultCatalog.locations.map((l) => l.value)).toEqual(['us-west', 'us-east', 'eu-west', 'asia-pacific']);
  });

  it('has the upgrade packs: Essentials $6.99, Game Expansion $14.99, Community $4.99', () => {
    expect(defaultCatalog.packs.map(({ id, name, priceCents }) => ({ id, name, priceCents }))).toEqual([
      { id: 'essentials', name: 'Essentials', priceCents: 699 },
      { id: 'game-expansion-pack', name: expect.stringMatching(/^Game Expansion/), priceCents: 1499 },
      { id: 'community-pack', name: expect.stringMatching(/^Community/), priceCents: 499 },
    ]);
  });

  it('advertises the cheapest plan as the starting price: 350 / 650 / 1200', () => {
    expect(startingPriceCents(catalog, 'minecraft')).toBe(350);
    expect(startingPriceCents(catalog, 'fivem')).toBe(650);
    expect(startingPriceCents(catalog, 'palworld')).toBe(1200);
    expect(startingPriceCents(catalog, 'terraria')).toBeUndefined();
  });
});

describe('essentialsSlug', () => {
  it('derives the Essentials page slug from the brand', () => {
    expect(essentialsSlug('Spawnpoint')).toBe('spawnpoint-essentials');
  });

  it('turns spaces and punctuation into single hyphens and trims them', () => {
    expect(essentialsSlug('  Rock & Stone Hosting!  ')).toBe('rock-stone-hosting-essentials');
    expect(essentialsSlug("Bob's Servers, Inc.")).toBe('bob-s-servers-inc-essentials');
    expect(essentialsSlug('Node_42 -- Cloud')).toBe('node-42-cloud-essentials');
  });

  it('falls back to spawnpoint when the brand has no letters or digits', () => {
    expect(essentialsSlug('!!!')).toBe('spawnpoint-essentials');
  });
});
