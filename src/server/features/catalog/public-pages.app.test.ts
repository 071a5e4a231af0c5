import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClientRoutes } from '../../../../scripts/client-routes';
import { essentialsSlug } from '../../../shared/catalog';
import type { AdminCatalog } from '../../../shared/schemas/admin/catalog';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { defaultCatalog } from '../../db/seed/catalog-default';
import { createSignedInUser, dbKinds, openTestDatabase, type TestContext } from '../../test/test-app';
import { seedCatalog } from './catalog.repository';
import { samplePage } from '../content/content.render';
import { embeddedCatalog } from './public-pages';

/** The global a fake build's renderer counts its renders in. */
const renderCounter = (dir: string) => `spRenders:${dir}`;
const rendersOf = (dir: string) => ((globalThis as Record<string, unknown>)[renderCounter(dir)] as number | undefined) ?? 0;

/** A built client shaped like dist/: the app shell, the home page as the build renders it, and a server renderer. */
async function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-live-app-'));
  for (const sub of ['client', 'pages', 'ssr']) mkdirSync(path.join(dir, sub));
  const catalog = { ...defaultCatalog, packs: defaultCatalog.packs.map((p) => ({ ...p, slug: p.id === 'essentials' ? essentialsSlug('Spawnpoint') : p.id })) };
  const state = JSON.stringify({ catalog }).replaceAll('<', '\\u003c');
  writeFileSync(path.join(dir, 'client', 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeClientRoutes(path.join(dir, 'client'));
  writeFileSync(
    path.join(dir, 'pages', 'index.html'),
    `<!doctype html><html><body><div id="root"><main>Minecraft from $3.50</main></div>\n<script type="application/json" id="sp-state">${state}</script></body></html>`,
  );
  // The About page as the build renders it: with the sample text it ships with.
  const about = JSON.stringify({ catalog, content: await samplePage('about', 'Spawnpoint') }).replaceAll('<', '\\u003c');
  writeFileSync(
    path.join(dir, 'pages', 'about.html'),
    `<!doctype html><html><body><div id="root"><main>Built (sample)</main></div>\n<script type="application/json" id="sp-state">${about}</script></body></html>`,
  );
  writeFileSync(path.join(dir, 'pages', 'manifest.json'), JSON.stringify({ '/': 'index.html', '/about': 'about.html' }));
  writeFileSync(
    path.join(dir, 'ssr', 'entry-server.js'),
    `export async function renderPage(url, catalog, i18n, content) {
  globalThis[${JSON.stringify(renderCounter(dir))}] = (globalThis[${JSON.stringify(renderCounter(dir))}] ?? 0) + 1;
  const from = Math.min(...catalog.plans.filter((p) => p.game === 'minecraft').map((p) => p.priceCents));
  if (url === '/about') return { html: '<main><h1>' + content.title + '</h1>' + content.introHtml + '</main>', state: JSON.stringify({ catalog, content }), meta: {} };
  return { html: '<main>Minecraft from $' + (from / 100).toFixed(2) + '</main>', state: JSON.stringify({ catalog }), meta: {} };
}`,
  );
  return dir;
}

describe.each(dbKinds)('the home page follows the catalog on %s', (kind) => {
  let dir: string;
  let t: TestContext & { app: App };

  beforeAll(async () => {
    dir = await fakeBuild();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') });
    const { database, dispose } = await openTestDatabase(kind);
    await seedCatalog(database.db);
    const app = await buildApp({ config, database, logger: false, clientDir: path.join(dir, 'client') });
    await app.ready();
    t = { app, database, config, close: async () => (await app.close(), await dispose()) };
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the build while nothing changed, and the new starting price in the HTML right after a save', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.body).toContain('Minecraft from $3.50');

    const admin = await createSignedInUser(t, { role: 'admin' });
    const current = (await t.app.inject({ method: 'GET', url: '/api/admin/catalog', headers: { cookie: admin.cookie } })).json() as AdminCatalog;
    const catalog = structuredClone(current.catalog);
    catalog.plans.find((p) => p.id === 'minecraft-1gb')!.priceCents = 395;
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/catalog',
      headers: { cookie: admin.cookie },
      payload: { baseVersion: current.version, catalog, reason: 'Dearer small plan' },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const after = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(before.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Minecraft from $3.95');
    expect(after.body).not.toContain('$3.50');
    expect(embeddedCatalog(after.body)?.plans.find((p) => p.id === 'minecraft-1gb')?.priceCents).toBe(395);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('serves the About page staff edited right after the save', async () => {
    // The catalog changed above, so the sample is already rendered again rather than the build's copy.
    expect((await t.app.inject({ method: 'GET', url: '/about' })).body).toContain('<h1>Built by players, run like infrastructure</h1>');
    const admin = await createSignedInUser(t, { role: 'admin' });
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/pages/about/versions',
      headers: { cookie: admin.cookie },
      payload: { language: 'en', body: '# About Blockforge\n\nHosting since **2019**.' },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const after = await t.app.inject({ method: 'GET', url: '/about' });
    expect(after.body).toContain('<main><h1>About Blockforge</h1><p>Hosting since <strong>2019</strong>.</p>');
  });

  it('renders the pages the build no longer matches in the background once listening, before anyone asks for them', async () => {
    // The catalog and the About page changed above, so a new instance's build is out of date.
    const other = await fakeBuild();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(other, 'data') });
    const app = await buildApp({ config, database: t.database, logger: false, clientDir: path.join(other, 'client') });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      await expect.poll(() => rendersOf(other)).toBe(2);
      // A visitor gets the page already rendered: no render on request.
      expect((await app.inject({ method: 'GET', url: '/' })).body).toContain('Minecraft from $3.95');
      expect(rendersOf(other)).toBe(2);
    } finally {
      await app.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
