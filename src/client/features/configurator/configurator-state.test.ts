import { describe, expect, it } from 'vitest';
import type { Catalog } from '../../../shared/catalog';
import { readState, writeState } from './configurator-state';

const catalog: Catalog = {
  currency: 'usd',
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: '', playerCap: 10, sort: 1 }],
  plans: [
    { id: 'mc-1', game: 'minecraft', name: '1GB', ramGb: 1, vcpu: 0.5, diskGb: 10, priceCents: 350, description: '', recommended: false, sort: 1 },
    { id: 'mc-4', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: '', recommended: true, sort: 2 },
  ],
  addons: [
    { key: 'automatic-backups', name: 'Backups', description: '', priceCents: 299, maxQuantity: 1, sort: 1 },
    { key: 'additional-ssd', name: 'SSD', description: '', priceCents: 250, maxQuantity: 20, sort: 2 },
  ],
  periods: [
    { value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 },
    { value: '12months', label: '12 Months', months: 12, discountPercent: 20, sort: 2 },
  ],
  locations: [
    { value: 'us-west', label: 'US West', sort: 1 },
    { value: 'eu-west', label: 'EU West', sort: 2 },
  ],
  packs: [],
};

describe('configurator URL state', () => {
  it('applies the spec defaults on an empty query', () => {
    expect(readState(catalog, 'minecraft', new URLSearchParams())).toEqual({
      game: 'minecraft',
      plan: 'mc-4',
      period: 'monthly',
      location: 'us-west',
      addons: {},
      name: '',
    });
  });

  it('round-trips a full configuration', () => {
    const state = { game: 'minecraft', plan: 'mc-1', period: '12months', location: 'eu-west', addons: { 'automatic-backups': 1, 'additional-ssd': 3 }, name: 'My World' };
    const params = writeState(catalog, state);
    expect(params.toString()).toBe('plan=mc-1&period=12months&location=eu-west&addons=automatic-backups&ssd=3&name=My+World');
    expect(readState(catalog, 'minecraft', params)).toEqual(state);
  });

  it('falls back to defaults for values the catalog does not sell', () => {
    const state = readState(catalog, 'minecraft', new URLSearchParams('plan=nope&period=weekly&location=mars&addons=ghost&ssd=-2'));
    expect(state).toMatchObject({ plan: 'mc-4', period: 'monthly', location: 'us-west', addons: {} });
  });

  it('caps the SSD steps at the add-on maximum', () => {
    expect(readState(catalog, 'minecraft', new URLSearchParams('ssd=99')).addons).toEqual({ 'additional-ssd': 20 });
  });
});
