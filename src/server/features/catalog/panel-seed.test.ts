import { describe, expect, it } from 'vitest';
import { defaultCatalogDraft } from '../../db/seed/catalog-default';
import { withPanelEggs } from './catalog.repository';

describe('PANEL_EGGS as the seed of an empty catalog', () => {
  it("gives each configured game its panel set-up, and leaves the others to the catalog editor", () => {
    const seeded = withPanelEggs(defaultCatalogDraft, {
      minecraft: { egg: 5, nest: 1, docker_image: 'ghcr.io/pterodactyl/yolks:java_21', environment: { VANILLA_VERSION: '1.21.4', MAX: 20 } },
    });
    expect(seeded.games.find((g) => g.slug === 'minecraft')?.panel).toEqual({
      egg: 5,
      nest: 1,
      dockerImage: 'ghcr.io/pterodactyl/yolks:java_21',
      variables: { VANILLA_VERSION: '1.21.4', MAX: '20' },
    });
    expect(seeded.games.filter((g) => g.slug !== 'minecraft').every((g) => g.panel === undefined)).toBe(true);
    expect(withPanelEggs(defaultCatalogDraft, {})).toEqual(defaultCatalogDraft);
  });
});
