import { ADDITIONAL_SSD_KEY, defaultPlan, type Catalog } from '../../../shared/catalog';
import type { PriceChoice } from '../../../shared/pricing';

export interface ConfiguratorState extends PriceChoice {
  name: string;
}

export const DEFAULT_PERIOD = 'monthly';
export const DEFAULT_LOCATION = 'us-west';
export const SERVER_NAME_MAX = 48;

/**
 * Reads a configuration from the URL's query. Anything the catalog does not sell falls back to
 * the spec's default (recommended plan, monthly, us-west, no add-ons, empty name).
 */
export function readState(catalog: Catalog, game: string, params: URLSearchParams): ConfiguratorState {
  const planParam = params.get('plan');
  const plan =
    catalog.plans.find((p) => p.game === game && p.id === planParam)?.id ?? defaultPlan(catalog, game)?.id ?? '';
  const periodParam = params.get('period');
  const period = catalog.periods.some((p) => p.value === periodParam) ? periodParam! : DEFAULT_PERIOD;
  const locationParam = params.get('location');
  const location = catalog.locations.some((l) => l.value === locationParam) ? locationParam! : DEFAULT_LOCATION;

  const addons: Record<string, number> = {};
  const toggles = new Set((params.get('addons') ?? '').split(',').filter(Boolean));
  for (const addon of catalog.addons) {
    if (addon.key === ADDITIONAL_SSD_KEY) continue;
    if (toggles.has(addon.key) && addon.maxQuantity >= 1) addons[addon.key] = 1;
  }
  const ssdAddon = catalog.addons.find((a) => a.key === ADDITIONAL_SSD_KEY);
  const ssd = Number.parseInt(params.get('ssd') ?? '0', 10);
  if (ssdAddon && Number.isInteger(ssd) && ssd > 0) addons[ADDITIONAL_SSD_KEY] = Math.min(ssd, ssdAddon.maxQuantity);

  const name = (params.get('name') ?? '').slice(0, SERVER_NAME_MAX);
  return { game, plan, period, location, addons, name };
}

/** Writes a configuration back to a query string; defaults are left out so URLs stay short. */
export function writeState(catalog: Catalog, state: ConfiguratorState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.plan !== defaultPlan(catalog, state.game)?.id) params.set('plan', state.plan);
  if (state.period !== DEFAULT_PERIOD) params.set('period', state.period);
  if (state.location !== DEFAULT_LOCATION) params.set('location', state.location);
  const toggles = Object.entries(state.addons)
    .filter(([key, qty]) => key !== ADDITIONAL_SSD_KEY && qty > 0)
    .map(([key]) => key);
  if (toggles.length) params.set('addons', toggles.join(','));
  const ssd = state.addons[ADDITIONAL_SSD_KEY] ?? 0;
  if (ssd > 0) params.set('ssd', String(ssd));
  if (state.name) params.set('name', state.name);
  return params;
}
