import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClientRoutes } from '../../../../scripts/client-routes';
import { defaultBrand } from '../../../shared/brand';
import { essentialsSlug } from '../../../shared/catalog';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { defaultCatalog } from '../../db/seed/catalog-default';
import { createSignedInUser, dbKinds, openTestDatabase, type TestContext } from '../../test/test-app';
import { seedCatalog } from '../catalog/catalog.repository';

const head = (title: string) =>
  `<head><link rel="icon" type="image/svg+xml" href="/favicon.svg" /><title>${title}</title><meta name="description" content="x" /></head>`;

/** A built client shaped like dist/, rendered with the default brand, and a renderer that prints the brand it is given. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-brand-app-'));
  for (const sub of ['client', 'pages', 'ssr']) mkdirSync(path.join(dir, sub));
  const catalog = { ...defaultCatalog, packs: defaultCatalog.packs.map((p) => ({ ...p, slug: p.id === 'essentials' ? essentialsSlug('Spawnpoint') : p.id })) };
  const state = JSON.stringify({ catalog, brand: defaultBrand });
  writeFileSync(path.join(dir, 'client', 'index.html'), `<!doctype html><html lang="en">${head('Spawnpoint')}<body><div id="root"></div><!--sp-state--></body></html>`);
  writeClientRoutes(path.join(dir, 'client'));
  writeFileSync(
    path.join(dir, 'pages', 'index.html'),
    `<!doctype html><html lang="en">${head('Hosting | Spawnpoint')}<body><div id="root"><header>Spawnpoint</header></div>\n<script type="application/json" id="sp-state">${state}</script></body></html>`,
  );
  writeFileSync(path.join(dir, 'pages', 'manifest.json'), JSON.stringify({ '/': 'index.html' }));
  writeFileSync(
    path.join(dir, 'ssr', 'entry-server.js'),
    `export async function renderPage(url, catalog, i18n, content, brand) {
  return { html: '<header>' + brand.name + '</header>', state: JSON.stringify({ catalog, brand }), meta: { title: 'Hosting | ' + brand.name, description: 'Hosting by ' + brand.name } };
}`,
  );
  return dir;
}

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=', 'base64');

describe.each(dbKinds)('the brand on every page, with no rebuild, on %s', (kind) => {
  let dir: string;
  let t: TestContext & { app: App };
  let admin: { cookie: string };

  beforeAll(async () => {
    dir = fakeBuild();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(dir, 'data') });
    const { database, dispose } = await openTestDatabase(kind);
    await seedCatalog(database.db);
    const app = await buildApp({ config, database, logger: false, clientDir: path.join(dir, 'client') });
    await app.ready();
    t = { app, database, config, close: async () => (await app.close(), await dispose()) };
    admin = await createSignedInUser(t, { role: 'admin' });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves the build as it is until staff save a brand, then the saved one in markup, title, colour and state', async () => {
    const before = await t.app.inject({ url: '/' });
    expect(before.body).toContain('<header>Spawnpoint</header>');
    expect(before.body).not.toContain('sp-brand');

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/brand',
      headers: { cookie: admin.cookie },
      payload: { name: 'Blockhost', primaryColor: '#38bdf8', supportEmail: 'help@blockhost.test', discordUrl: '', socials: {} },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const page = await t.app.inject({ url: '/' });
    expect(page.body).toContain('<header>Blockhost</header>');
    expect(page.body).toContain('<title>Hosting | Blockhost</title>');
    expect(page.body).toContain('<meta name="description" content="Hosting by Blockhost"');
    expect(page.body).toMatch(/<style id="sp-brand">:root\{--color-accent:#38bdf8;--color-accent-strong:#[0-9a-f]{6};--color-accent-ink:#0b0f19\}<\/style><\/head>/);
    expect(page.body).toContain('"name":"Blockhost"');
    expect(page.headers.etag).not.toBe(before.headers.etag);

    // A page the client renders (the app shell) carries the brand in its head and state too.
    const shell = await t.app.inject({ url: '/dashboard' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>Blockhost</title>');
    expect(shell.body).toContain('--color-accent:#38bdf8');
    expect(shell.body).toContain('"supportEmail":"help@blockhost.test"');
  });

  it('links the uploaded favicon from every page and from /favicon.ico', async () => {
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/brand/favicon',
      headers: { cookie: admin.cookie, 'content-type': 'application/octet-stream' },
      payload: png,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const icon: string = uploaded.json().favicon;
    expect((await t.app.inject({ url: '/' })).body).toContain(`<link rel="icon" href="${icon}" />`);
    expect((await t.app.inject({ url: '/dashboard' })).body).toContain(`<link rel="icon" href="${icon}" />`);
    const redirect = await t.app.inject({ url: '/favicon.ico' });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(icon);
  });
});
