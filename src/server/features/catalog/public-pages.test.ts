import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { essentialsSlug, type Catalog } from '../../../shared/catalog';
import { publicCatalog } from '../../../shared/catalog-draft';
import { defaultCatalog, defaultCatalogDraft } from '../../db/seed/catalog-default';
import { createLivePages, embeddedCatalog, withAppMarkup } from './public-pages';

/** The catalog scripts/prerender.ts renders the build's pages with. */
const buildCatalog: Catalog = {
  currency: 'usd',
  ...defaultCatalog,
  packs: defaultCatalog.packs.map((p) => ({ ...p, slug: p.id === 'essentials' ? essentialsSlug('Spawnpoint') : p.id })),
};

function page(markup: string, catalog: unknown) {
  return [
    '<!doctype html><html><head><title>Home</title><style>.critical{}</style></head><body>',
    `<div id="root">${markup}</div>`,
    `    <script type="application/json" id="sp-state">${JSON.stringify({ catalog }).replaceAll('<', '\\u003c')}</script>`,
    '<script type="module" src="/assets/main.js"></script></body></html>',
  ].join('\n');
}

const dir = mkdtempSync(path.join(tmpdir(), 'sp-live-pages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in for dist/ssr/entry-server.js: prints the cheapest Minecraft price. */
const entry = path.join(dir, 'entry-server.mjs');
writeFileSync(
  entry,
  `let renders = 0;
export function count() { return renders; }
export async function renderPage(url, catalog) {
  renders += 1;
  if (url === '/broken') throw new Error('boom');
  const from = Math.min(...catalog.plans.filter((p) => p.game === 'minecraft').map((p) => p.priceCents));
  return { html: '<main>' + url + ' from ' + from + ' <b>cents</b></main>', state: JSON.stringify({ catalog }), meta: {} };
}`,
);

function snapshotOf(version: number, catalog: Catalog) {
  return { version, catalog, draft: defaultCatalogDraft, json: '', etag: '', createdAt: new Date(), shop: catalog.currency, extras: [] };
}

describe('prerendered pages that follow the catalog', () => {
  it('the seed as version 1 serves is exactly the catalog the build renders with, so an unedited store serves the build as is', () => {
    const canonical = (v: unknown) =>
      JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));
    expect(canonical(publicCatalog(defaultCatalogDraft, 'Spawnpoint', 'usd'))).toBe(canonical(buildCatalog));
  });

  it('replaces only the app markup and the embedded state', () => {
    const built = page('<main>old</main>', buildCatalog);
    const out = withAppMarkup(built, '<main>new</main>', JSON.stringify({ catalog: { note: '</script>' } }))!;
    expect(out).toContain('<div id="root"><main>new</main></div>');
    expect(out).not.toContain('old');
    expect(out).toContain('<title>Home</title><style>.critical{}</style>');
    expect(embeddedCatalog(out)).toEqual({ note: '</script>' });
    expect(out).not.toContain('"</script>"');
    expect(withAppMarkup('<html>no root</html>', '', '{}')).toBeUndefined();
  });

  it('serves the build while the catalog is unchanged, then pages rendered with each new version', async () => {
    let current = snapshotOf(1, publicCatalog(defaultCatalogDraft, 'Spawnpoint', 'usd'));
    const built = new Map([
      ['/', page('<main>built home</main>', buildCatalog)],
      ['/broken', page('<main>built broken</main>', buildCatalog)],
    ]);
    const errors: object[] = [];
    const live = createLivePages({
      catalog: { current: async () => current },
      built,
      ssrEntry: entry,
      wrap: (html: string) => ({ html }),
      log: { error: (obj) => void errors.push(obj), info: () => {} },
    });
    expect(live.live).toBe(true);
    // Undefined: the build's own page is the current one.
    expect(await live.page('/')).toBeUndefined();
    expect(await live.page('/nowhere')).toBeUndefined();

    const raised = structuredClone(current.catalog);
    raised.plans.find((p) => p.id === 'minecraft-1gb')!.priceCents = 375;
    current = snapshotOf(2, raised);
    const home = (await live.page('/'))!.html;
    expect(home).toContain('<main>/ from 375 <b>cents</b></main>');
    expect(embeddedCatalog(home)?.plans.find((p) => p.id === 'minecraft-1gb')?.priceCents).toBe(375);
    // Rendered once per version, then served from memory.
    expect(await live.page('/')).toBe(await live.page('/'));
    const { count } = (await import(entry)) as { count(): number };
    const renders = count();
    await live.page('/');
    expect(count()).toBe(renders);

    // A page that cannot be rendered falls back to the build's, and says why in the log.
    expect(await live.page('/broken')).toBeUndefined();
    expect(errors).toHaveLength(1);
  });
});
