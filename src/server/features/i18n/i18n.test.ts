import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClientRoutes } from '../../../../scripts/client-routes';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { seedCatalog } from '../catalog/catalog.repository';
import { createSignedInUser, dbKinds, openTestDatabase, type TestContext } from '../../test/test-app';

/** A built client shaped like dist/: the app shell and a few prerendered pages, some per language. */
function fakeBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-i18n-'));
  const clientDir = path.join(dir, 'client');
  mkdirSync(clientDir, { recursive: true });
  mkdirSync(path.join(dir, 'pages'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html lang="en"><body><div id="root"></div><!--sp-state--></body></html>');
  const manifest: Record<string, string> = {};
  for (const route of ['/', '/deploy', '/de', '/de/deploy', '/fr', '/es', '/pt-BR', '/en', '/en/deploy', '/404']) {
    const file = `${route.slice(1).replaceAll('/', '__') || 'index'}.html`;
    writeFileSync(path.join(dir, 'pages', file), `<!doctype html><html lang="x"><head><link rel="alternate" hreflang="de" href="__SP_ORIGIN__/de" /></head><body>${route}</body></html>`);
    manifest[route] = file;
  }
  writeFileSync(path.join(dir, 'pages', 'manifest.json'), JSON.stringify(manifest));
  writeClientRoutes(clientDir);
  return { dir, clientDir };
}

const shellState = (body: string) => JSON.parse(/<script type="application\/json" id="sp-state">(.*?)<\/script>/.exec(body)?.[1] ?? 'null') as { i18n: { locale: string; defaultLocale: string } };

describe.each(dbKinds)('languages (%s)', (kind) => {
  let t: TestContext;
  let build: ReturnType<typeof fakeBuild>;
  let admin: Awaited<ReturnType<typeof createSignedInUser>>;

  beforeAll(async () => {
    build = fakeBuild();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(build.dir, 'data'), PUBLIC_URL: 'https://play.example.com' });
    const { database, dispose } = await openTestDatabase(kind);
    await seedCatalog(database.db);
    const app = await buildApp({ config, database, clientDir: build.clientDir, logger: false });
    await app.ready();
    t = { app, database, config, close: async () => (await app.close(), await dispose()) };
    admin = await createSignedInUser(t, { role: 'admin' });
  });

  afterAll(async () => {
    await t?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const setDefault = (defaultLocale: string) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/settings/language', headers: { cookie: admin.cookie }, payload: { defaultLocale, reason: 'Our customers are in Germany' } });

  it('a page without a language follows Accept-Language, then the shop default; hreflang links are absolute', async () => {
    const en = await get('/deploy', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('href="https://play.example.com/de"');
    expect(en.headers.vary).toMatch(/accept-language/i);
    const de = await get('/deploy', { 'accept-language': 'de-AT,de;q=0.9,en;q=0.5' });
    expect(de.statusCode).toBe(302);
    expect(de.headers.location).toBe('/de/deploy');
    expect((await get('/?ref=abc', { 'accept-language': 'pt' })).headers.location).toBe('/pt-BR?ref=abc');
    // A language the shop does not ship: the default (English), no redirect.
    expect((await get('/', { 'accept-language': 'ja' })).statusCode).toBe(200);
    // The picker's choice beats the browser.
    expect((await get('/', { 'accept-language': 'de', cookie: 'sp_lang=fr' })).headers.location).toBe('/fr');
    expect((await get('/', { 'accept-language': 'de', cookie: 'sp_lang=en' })).statusCode).toBe(200);
    // A page that names its language is served as it is.
    expect((await get('/de/deploy', { 'accept-language': 'fr' })).statusCode).toBe(200);
  });

  it('the app shell carries the visitor’s language; the shop default applies when the browser asks for none we ship', async () => {
    const shell = await get('/dashboard', { 'accept-language': 'es-MX' });
    expect(shell.body).toContain('<html lang="es"');
    expect(shellState(shell.body).i18n).toEqual({ locale: 'es', defaultLocale: 'en' });

    expect((await setDefault('de')).statusCode).toBe(200);
    const fallback = await get('/dashboard', { 'accept-language': 'ja' });
    expect(shellState(fallback.body).i18n).toEqual({ locale: 'de', defaultLocale: 'de' });
    // With German the default, an English browser is sent to the English pages.
    expect((await get('/deploy', { 'accept-language': 'en' })).headers.location).toBe('/en/deploy');
    const audit = await t.database.query<{ action: string; reason: string }>("select action, reason from audit_log where action = 'settings.language_updated'");
    expect(audit).toEqual([{ action: 'settings.language_updated', reason: 'Our customers are in Germany' }]);
    expect((await setDefault('xx')).statusCode).toBe(400);
    await setDefault('en');
  });

  it('the account’s preference wins over the browser: the picker saves it and remembers it in a cookie', async () => {
    const customer = await createSignedInUser(t);
    const saved = await t.app.inject({ method: 'PUT', url: '/api/i18n/language', headers: { cookie: customer.cookie }, payload: { locale: 'es' } });
    expect(saved.statusCode).toBe(200);
    const cookie = saved.cookies.find((c) => c.name === 'sp_lang');
    expect(cookie?.value).toBe('es');
    const account = await t.app.inject({ url: '/api/account', headers: { cookie: customer.cookie } });
    expect(account.json().preferences.language).toBe('es');
    const shell = await get('/dashboard', { 'accept-language': 'de', cookie: `${customer.cookie}; sp_lang=es` });
    expect(shellState(shell.body).i18n.locale).toBe('es');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/i18n/language', headers: { cookie: customer.cookie }, payload: { locale: 'xx' } });
    expect(bad.statusCode).toBe(400);
  });

  it('staff reword a message per language; it wins over the file, and a text with other placeholders is refused', async () => {
    const before = (await get('/api/i18n/de/public')).json();
    expect(before.messages['footer.copyright']).toEqual(['© ', ['year'], ' ', ['brand'], '. Alle Rechte vorbehalten.']);

    const put = (key: string, message: string, cookie = admin.cookie) =>
      t.app.inject({ method: 'PUT', url: `/api/admin/translations/de/${key}`, headers: { cookie }, payload: { message } });
    const bad = await put('footer.copyright', '© {jahr} {brand}.');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/must use \{year\}.*\{jahr\} is not available/);
    expect((await put('no.such.key', 'x')).statusCode).toBe(404);
    const customer = await createSignedInUser(t);
    expect((await put('footer.tagline', 'x', customer.cookie)).statusCode).toBe(403);

    expect((await put('footer.tagline', 'Eure Server, immer erreichbar.')).statusCode).toBe(200);
    const after = (await get('/api/i18n/de/public')).json();
    expect(after.messages['footer.tagline']).toEqual(['Eure Server, immer erreichbar.']);
    expect((await get('/api/i18n/fr/public')).json().messages['footer.tagline']).toEqual(['Des serveurs de jeu en ligne en quelques minutes, et qui le restent.']);
    const list = (await t.app.inject({ url: '/api/admin/translations/de', headers: { cookie: admin.cookie } })).json();
    expect(list.rows.find((r: { key: string }) => r.key === 'footer.tagline')).toMatchObject({ override: 'Eure Server, immer erreichbar.', english: 'Game servers that are online in minutes and stay online.' });

    const reset = await t.app.inject({ method: 'DELETE', url: '/api/admin/translations/de/footer.tagline', headers: { cookie: admin.cookie } });
    expect(reset.statusCode).toBe(204);
    expect((await get('/api/i18n/de/public')).json().messages['footer.tagline']).toEqual(['Gameserver, die in Minuten online sind und online bleiben.']);
    const audit = await t.database.query<{ action: string }>("select action from audit_log where target_type = 'translation' order by created_at");
    expect(audit.map((r) => r.action)).toEqual(['translation.saved', 'translation.reset']);
  });
});
