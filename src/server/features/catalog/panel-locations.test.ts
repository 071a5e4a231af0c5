import { describe, expect, it } from 'vitest';
import { defaultCatalogDraft } from '../../db/seed/catalog-default';
import { syncPanelLocations } from './panel-locations';

describe('panel locations from the catalog', () => {
  it('overlays PANEL_LOCATIONS with what staff set, in place, ids as numbers and tags as text', () => {
    const live: Record<string, number | string> = { 'us-west': 1, 'old-place': 9 };
    const config = { 'us-west': 1, 'us-east': 2 };
    const draft = structuredClone(defaultCatalogDraft);
    draft.locations.find((l) => l.value === 'us-west')!.panelLocation = '7';
    draft.locations.find((l) => l.value === 'eu-west')!.panelLocation = 'amsterdam';
    const before = live;
    syncPanelLocations(live, config, draft);
    expect(live).toBe(before);
    expect(live).toEqual({ 'us-west': 7, 'us-east': 2, 'eu-west': 'amsterdam' });
    draft.locations.find((l) => l.value === 'us-west')!.panelLocation = null;
    syncPanelLocations(live, config, draft);
    expect(live).toEqual({ 'us-west': 1, 'us-east': 2, 'eu-west': 'amsterdam' });
  });
});
