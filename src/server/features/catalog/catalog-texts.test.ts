import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { essentialsSlug, type Catalog } from '../../../shared/catalog';
import { publicCatalog, type CatalogDraft } from '../../../shared/catalog-draft';
import { localizeCatalog } from '../../../shared/catalog-texts';
import type { AdminCatalog } from '../../../shared/schemas/admin/catalog';
import { catalogVersions } from '../../db/schema';
import { defaultCatalog, defaultCatalogDraft, withSampleTranslations } from '../../db/seed/catalog-default';
import { createSignedInUser, createTestApp, dbKinds, type TestContext, type TestUser } from '../../test/test-app';
import { createLivePages, embeddedCatalog } from './public-pages';

const english = 'Java & Bedrock worlds, modpacks and plugins';
const german = 'Java- und Bedrock-Welten, Modpacks und Plugins';

const tagline = (catalog: Catalog, slug = 'minecraft') => catalog.games.find((g) => g.slug === slug)?.tagline;

describe('catalog texts per language (decision 077)', () => {
  it('the sample catalog carries German, French, Spanish and Portuguese texts, and falls back to its own where one is empty', () => {
    const base = publicCatalog(defaultCatalogDraft, 'Spawnpoint', 'usd');
    expect(JSON.stringify(base)).not.toContain('translations');
    expect(tagline(localizeCatalog(base, defaultCatalogDraft, 'de'))).toBe(german);
    expect(tagline(localizeCatalog(base, defaultCatalogDraft, 'fr'))).toBe('Mondes Java et Bedrock, modpacks et plugins');
    expect(tagline(localizeCatalog(base, defaultCatalogDraft, 'es'))).toBe('Mundos Java y Bedrock, modpacks y plugins');
    expect(tagline(localizeCatalog(base, defaultCatalogDraft, 'pt-BR'))).toBe('Mundos Java e Bedrock, modpacks e plugins');
    // English has none: the very same catalog.
    expect(localizeCatalog(base, defaultCatalogDraft, 'en')).toBe(base);
    const de = localizeCatalog(base, defaultCatalogDraft, 'de');
    expect(de.locations.find((l) => l.value === 'asia-pacific')?.label).toBe('Asien-Pazifik (Singapur)');
    expect(de.packs.find((p) => p.id === 'community-pack')?.features[0]).toMatch(/^Bevorzugter Support/);
    // Every sample item with words has them in every other shipped language.
    for (const locale of ['de', 'fr', 'es', 'pt-BR'] as const) {
      for (const section of ['games', 'plans', 'addons', 'locations', 'packs', 'software'] as const) {
        for (const item of defaultCatalogDraft[section]) expect((item as { translations?: object }).translations, `${section} ${locale}`).toHaveProperty([locale]);
      }
    }

    const half = structuredClone(defaultCatalogDraft);
    half.games[0]!.translations = { de: { tagline: '' } };
    half.packs[0]!.translations = { de: { features: ['', 'Nur die zweite'] } };
    const mixed = localizeCatalog(base, half, 'de');
    expect(tagline(mixed)).toBe(english);
    expect(mixed.packs[0]!.features.slice(0, 2)).toEqual([defaultCatalog.packs[0]!.features[0], 'Nur die zweite']);
    expect(mixed.packs[0]!.tagline).toBe(defaultCatalog.packs[0]!.tagline);
  });

  it('a catalog saved before translations reads with the sample ones where its words are still the sample’s', () => {
    const old: CatalogDraft = JSON.parse(JSON.stringify(defaultCatalogDraft, (k, v: unknown) => (k === 'translations' ? undefined : v)));
    old.games[1]!.tagline = 'Our own FiveM words';
    old.plans[0]!.translations = {};
    // As jsonb hands it back: an object's keys in its own order (a highlight's text before its title).
    old.packs = old.packs.map((p) => ({ ...p, highlights: p.highlights.map((h) => Object.fromEntries(Object.entries(h).reverse()) as typeof h) }));
    const read = withSampleTranslations(old);
    expect(read.packs[0]!.translations?.de).toBeDefined();
    expect(read.games[0]!.translations?.de?.tagline).toBe(german);
    expect(read.games[1]!.translations).toBeUndefined();
    // Cleared by staff: stays cleared.
    expect(read.plans[0]!.translations).toEqual({});
  });

  it('a /de/ page built with an older catalog is rendered again with the German texts', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sp-texts-'));
    try {
      const entry = path.join(dir, 'entry-server.mjs');
      writeFileSync(
        entry,
        `export async function renderPage(url, catalog, i18n) {
  const game = catalog.games.find((g) => g.slug === 'minecraft');
  return { html: '<main lang="' + i18n.locale + '">' + game.tagline + '</main>', state: JSON.stringify({ catalog }), meta: {} };
}`,
      );
      const base = { ...publicCatalog(defaultCatalogDraft, 'Spawnpoint', 'usd') };
      const built = (catalog: Catalog) =>
        `<html><body><div id="root"><main>${tagline(catalog)}</main></div>\n<script type="application/json" id="sp-state">${JSON.stringify({ catalog })}</script></body></html>`;
      const snapshot = { version: 1, catalog: base, draft: defaultCatalogDraft, json: '', etag: '', createdAt: new Date(), shop: 'usd', extras: [] };
      const live = createLivePages({
        catalog: { current: async () => snapshot },
        // The build's English home page, its German one as the build renders it, and a German one built before translations.
        built: new Map([
          ['/', built(base)],
          ['/de', built(localizeCatalog(base, defaultCatalogDraft, 'de'))],
          ['/de/games/minecraft', built(base)],
        ]),
        ssrEntry: entry,
        wrap: (html: string) => ({ html }),
        log: { error: () => {}, info: () => {} },
      });
      expect(await live.page('/')).toBeUndefined();
      expect(await live.page('/de')).toBeUndefined();
      const page = (await live.page('/de/games/minecraft'))!.html;
      expect(page).toContain(`<main lang="de">${german}</main>`);
      expect(tagline(embeddedCatalog(page)!)).toBe(german);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.each(dbKinds)('catalog texts through the API on %s', (kind) => {
  let t: TestContext;
  let admin: TestUser & { cookie: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => t?.close());

  const catalogFor = async (url: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Catalog;
  };

  it('answers each text in the language asked: ?lang, the sp_lang cookie, Accept-Language, else the shop’s own', async () => {
    expect(tagline(await catalogFor('/api/catalog'))).toBe(english);
    expect(tagline(await catalogFor('/api/catalog', { cookie: 'sp_lang=de' }))).toBe(german);
    expect(tagline(await catalogFor('/api/catalog', { 'accept-language': 'fr-FR,fr;q=0.9' }))).toBe('Mondes Java et Bedrock, modpacks et plugins');
    const spanish = await catalogFor('/api/catalog?lang=es', { cookie: 'sp_lang=de' });
    expect(tagline(spanish)).toBe('Mundos Java y Bedrock, modpacks y plugins');
    expect(spanish.plans.find((p) => p.id === 'minecraft-1gb')?.description).toBe('Un pequeño mundo vanilla para unos pocos amigos');
    expect(spanish.addons.find((a) => a.key === 'automatic-backups')?.name).toBe('Copias de seguridad automáticas');
    expect(spanish.packs.find((p) => p.id === 'essentials')?.slug).toBe(essentialsSlug('Spawnpoint'));
    expect(JSON.stringify(spanish)).not.toContain('translations');
    // Each language is its own answer to revalidate.
    const en = await t.app.inject({ method: 'GET', url: '/api/catalog?lang=en' });
    const de = await t.app.inject({ method: 'GET', url: '/api/catalog?lang=de' });
    expect(en.headers.etag).not.toBe(de.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/api/catalog?lang=de', headers: { 'if-none-match': String(de.headers.etag) } })).statusCode).toBe(304);

    const bad = await t.app.inject({ method: 'GET', url: '/api/catalog?lang=xx' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['lang']);
  });

  it('staff save texts per language, reviewed text by text; an unknown language or a text too long is a 400 naming the field', async () => {
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json() as AdminCatalog;
    expect(current.catalog.games[0]!.translations?.de?.tagline).toBe(german);
    const send = (method: 'PUT' | 'POST', url: string, catalog: CatalogDraft) =>
      t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload: { baseVersion: current.version, catalog, reason: 'German wording' } });

    const unknown = structuredClone(current.catalog);
    (unknown.games[0]!.translations as Record<string, object>).xx = { tagline: 'Quoi' };
    const refusedLocale = await send('PUT', '/api/admin/catalog', unknown);
    expect(refusedLocale.statusCode).toBe(400);
    expect(refusedLocale.json().error.fields['catalog.games.0.translations']).toMatch(/Not a language the shop ships/);

    const long = structuredClone(current.catalog);
    long.plans[0]!.translations = { de: { description: 'x'.repeat(301) } };
    const refusedLength = await send('PUT', '/api/admin/catalog', long);
    expect(refusedLength.statusCode).toBe(400);
    expect(refusedLength.json().error.fields['catalog.plans.0.translations.de.description']).toBe('At most 300 characters');

    const field = structuredClone(current.catalog);
    field.games[0]!.translations = { de: { name: 'Minecraft' } as object };
    const refusedField = await send('PUT', '/api/admin/catalog', field);
    expect(refusedField.statusCode).toBe(400);
    expect(refusedField.json().error.fields['catalog.games.0.translations.de']).toBe('Only tagline can be translated here');
    expect(await t.database.db.select().from(catalogVersions)).toHaveLength(1);

    const catalog = structuredClone(current.catalog);
    catalog.games[0]!.translations!.de = { tagline: 'Welten für Java und Bedrock' };
    const preview = await send('POST', '/api/admin/catalog/preview', catalog);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().changes).toEqual([
      expect.objectContaining({ section: 'games', key: 'minecraft', what: 'tagline (de)', before: german, after: 'Welten für Java und Bedrock' }),
    ]);
    const saved = await send('PUT', '/api/admin/catalog', catalog);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(tagline(await catalogFor('/api/catalog?lang=de'))).toBe('Welten für Java und Bedrock');
    expect(tagline(await catalogFor('/api/catalog?lang=en'))).toBe(english);
  });
});
