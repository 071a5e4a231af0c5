import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalog } from '../shared/catalog';
import { publicCatalog, type CatalogDraft } from '../shared/catalog-draft';
import { localizeCatalog } from '../shared/catalog-texts';
import { pageI18n } from '../../tests/setup/i18n';
import { renderPage } from './entry-server';

/** A catalog as staff save it, with German texts (the sample's own are checked in catalog-texts.test.ts). */
const draft: CatalogDraft = {
  games: [{ slug: 'minecraft', name: 'Minecraft', tagline: 'Java & Bedrock worlds, modpacks and plugins', playerCap: 10, sort: 1, hidden: false, translations: { de: { tagline: 'Java- und Bedrock-Welten, Modpacks und Plugins' } } }],
  plans: [
    {
      id: 'minecraft-4gb',
      game: 'minecraft',
      name: '4GB',
      ramGb: 4,
      vcpu: 2,
      diskGb: 40,
      playerCap: 10,
      priceCents: 1400,
      description: 'Plugins, light modpacks and a busy community',
      recommended: true,
      sort: 1,
      hidden: false,
      translations: { de: { description: 'Plugins, leichte Modpacks und eine lebhafte Community' } },
    },
  ],
  addons: [],
  periods: [{ value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1, hidden: false }],
  locations: [{ value: 'us-west', label: 'US West (California)', sort: 1, hidden: false, capacity: null, panelLocation: null, translations: { de: { label: 'USA West (Kalifornien)' } } }],
  packs: [
    {
      id: 'community-pack',
      name: 'Community Pack',
      priceCents: 499,
      tagline: 'Your tickets go to the front of the queue',
      highlights: [],
      features: ['Covers every server on your account'],
      sort: 1,
      hidden: false,
      delivery: { type: 'priority-support' },
      translations: { de: { tagline: 'Ihre Tickets kommen an den Anfang der Warteschlange', features: ['Gilt für jeden Server in Ihrem Konto'] } },
    },
  ],
  software: [],
};
const base: Catalog = publicCatalog(draft, 'Spawnpoint', 'usd');

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{}', { status: 404 }));
});
afterEach(() => vi.mocked(globalThis.fetch).mockRestore());

describe('the public pages in a language render the catalog’s texts in it (decision 077)', () => {
  it('/de/deploy and /de/configure/minecraft show the German taglines and descriptions, /deploy the English ones', async () => {
    const german = localizeCatalog(base, draft, 'de');
    const deploy = (await renderPage('/de/deploy', german, pageI18n('de'))).html;
    expect(deploy).toContain('Java- und Bedrock-Welten, Modpacks und Plugins');
    expect(deploy).not.toContain('Java &amp; Bedrock worlds');
    const configure = (await renderPage('/de/configure/minecraft', german, pageI18n('de'))).html;
    expect(configure).toContain('Plugins, leichte Modpacks und eine lebhafte Community');
    expect(configure).toContain('USA West (Kalifornien)');
    const pack = (await renderPage('/de/upgrade/community-pack', german, pageI18n('de'))).html;
    expect(pack).toContain('Ihre Tickets kommen an den Anfang der Warteschlange');
    expect(pack).toContain('Gilt für jeden Server in Ihrem Konto');

    expect((await renderPage('/deploy', base, pageI18n('en'))).html).toContain('Java &amp; Bedrock worlds, modpacks and plugins');
  });
});
