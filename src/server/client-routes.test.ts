import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientRoutes, writeClientRoutes } from '../../scripts/client-routes';
import { clientRouteMatcher } from '../shared/routes';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { seedCatalog } from './features/catalog/catalog.repository';
import { dbKinds, openTestDatabase } from './test/test-app';

const SHELL = '<!doctype html><html><body><div id="root"></div><!--shell--></body></html>';

/** A built client shaped like dist/, with the route list the build writes from the route table. */
function fakeBuild(options: { routes: boolean }) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-routes-'));
  const clientDir = path.join(dir, 'client');
  mkdirSync(clientDir);
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'pages', 'terms.html'), '<!doctype html><main>Terms</main>');
  writeFileSync(path.join(dir, 'pages', '404.html'), '<!doctype html><main>Not found</main>');
  writeFileSync(path.join(dir, 'pages', 'manifest.json'), JSON.stringify({ '/terms': 'terms.html', '/404': '404.html' }));
  if (options.routes) writeClientRoutes(clientDir);
  return { dir, clientDir };
}

describe('the list of app-shell routes', () => {
  it("is the client route table's routes that are not prerendered, and nothing the server serves itself", () => {
    const { shell } = clientRoutes();
    expect(shell).toEqual(expect.arrayContaining(['/dashboard/*', '/admin/*', '/checkout/:sessionId', '/auth/verify', '/success', '/migration']));
    expect(shell).not.toContain('/terms');
    expect(shell.some((p) => p.startsWith('/dev') || p.startsWith('/api'))).toBe(false);
  });

  it('matches paths as React Router does', () => {
    const known = clientRouteMatcher(['/dashboard/*', '/checkout/:sessionId', '/success']);
    for (const p of ['/dashboard', '/dashboard/servers/1', '/checkout/cs_1', '/success']) expect(known(p), p).toBe(true);
    for (const p of ['/dashboards', '/checkout', '/checkout/a/b', '/success/x', '/', '/dev/mailbox']) expect(known(p), p).toBe(false);
  });
});

describe.each(dbKinds)('the app shell on %s', (kind) => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://play.example.test' };
  let build: ReturnType<typeof fakeBuild>;
  let app: App;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    build = fakeBuild({ routes: true });
    const config = loadConfig({ ...production, LOG_LEVEL: 'silent', DATA_DIR: path.join(build.dir, 'data') });
    const opened = await openTestDatabase(kind);
    dispose = opened.dispose;
    await seedCatalog(opened.database.db);
    app = await buildApp({ config, database: opened.database, clientDir: build.clientDir, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await dispose?.();
    rmSync(build.dir, { recursive: true, force: true });
  });

  it('answers a client route with the shell', async () => {
    for (const url of ['/dashboard', '/dashboard/servers/abc', '/admin/tickets', '/checkout/cs_local_1', '/auth/reset-password?token=x', '/success/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<!--shell-->');
    }
  });

  it('answers an unknown path, and the dev mailbox in production, with the 404 page', async () => {
    for (const url of ['/no-such-page', '/auth/no-such-step', '/checkout', '/dev/mailbox', '/routes.json']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('Not found');
      expect(res.body, url).not.toContain('<!--shell-->');
    }
    const api = await app.inject({ url: '/api/dev/mailbox' });
    expect(api.statusCode).toBe(404);
    expect(api.json().error.code).toBe('not_found');
  });

  it('serves a prerendered page as built', async () => {
    const res = await app.inject({ url: '/terms' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Terms');
  });

  it('sends the old FAQ to the help centre, in its language', async () => {
    for (const [url, to] of [['/faq', '/help'], ['/de/faq', '/de/help']]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(301);
      expect(res.headers.location).toBe(to);
    }
    expect((await app.inject({ url: '/help' })).body).toContain('<!--shell-->');
  });

  it('sends a language-prefixed dashboard address to the dashboard, keeping the query', async () => {
    const res = await app.inject({ url: '/de/dashboard/billing?tab=history' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/dashboard/billing?tab=history');
    // An unknown address under a language is still that language's not-found page.
    expect((await app.inject({ url: '/de/no-such-page' })).statusCode).toBe(404);
  });
});

describe.each(dbKinds)('a build without its route list on %s', (kind) => {
  it('does not start', async () => {
    const build = fakeBuild({ routes: false });
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(build.dir, 'data') });
    const { database, dispose } = await openTestDatabase(kind);
    try {
      await expect(buildApp({ config, database, clientDir: build.clientDir, logger: false })).rejects.toThrow(/routes\.json is missing/);
    } finally {
      await dispose();
      rmSync(build.dir, { recursive: true, force: true });
    }
  });
});
