import type { CatalogDraft } from '../../../shared/catalog-draft';

/**
 * Keeps `target` (the map the Pterodactyl/Pelican driver reads on every call) equal to
 * PANEL_LOCATIONS overlaid by the panel location staff set on each catalog location: digits are a
 * Pterodactyl location id, anything else a Pelican node tag.
 */
export function syncPanelLocations(target: Record<string, number | string>, fromConfig: Record<string, number | string>, draft: CatalogDraft): void {
  const next: Record<string, number | string> = { ...fromConfig };
  for (const location of draft.locations) {
    const mapped = location.panelLocation?.trim();
    if (mapped) next[location.value] = /^\d+$/.test(mapped) ? Number(mapped) : mapped;
  }
  for (const key of Object.keys(target)) if (!(key in next)) delete target[key];
  Object.assign(target, next);
}
