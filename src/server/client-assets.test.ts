import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeClientRoutes } from '../../scripts/client-routes';
import { precompressDir } from '../../scripts/precompress';
import { buildApp } from './app';
import { loadConfig } from './config';
import { seedCatalog } from './features/catalog/catalog.repository';
import { negotiateEncoding } from './lib/compression';
import { createSignedInUser, dbKinds, openTestDatabase, type TestContext } from './test/test-app';

/** What Chromium sends on every request. */
const CHROMIUM = 'gzip, deflate, br, zstd';
const filler = (label: string) => Array.from({ length: 200 }, (_, i) => `${label} line ${i}`).join('\n');

/** A small built client, shaped like dist/: hashed assets, the app shell, prerendered pages. */
async function fakeBuild(): Promise<{ dir: string; clientDir: string; asset: string; home: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sp-client-'));
  const clientDir = path.join(dir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  mkdirSync(path.join(dir, 'pages'));
  const asset = `export const lines = ${JSON.stringify(filler('asset'))};\n`;
  const home = `<!doctype html><html><body><main>${filler('home')}</main></body></html>`;
  writeFileSync(path.join(clientDir, 'assets', 'app-Ab12Cd34.js'), asset);
  writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(path.join(clientDir, 'index.html'), `<!doctype html><html><body><div id="root"></div>${filler('shell')}</body></html>`);
  writeFileSync(path.join(dir, 'pages', 'index.html'), home);
  writeFileSync(path.join(dir, 'pages', '404.html'), `<!doctype html><p>Not found</p>`);
  writeFileSync(path.join(dir, 'pages', 'de__404.html'), `<!doctype html><p>Nicht gefunden</p>`);
  writeFileSync(path.join(dir, 'pages', 'manifest.json'), JSON.stringify({ '/': 'index.html', '/404': '404.html', '/de/404': 'de__404.html' }));
  writeClientRoutes(clientDir);
  await precompressDir(clientDir);
  return { dir, clientDir, asset, home };
}

function decode(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString();
  return res.rawPayload.toString();
}

const varies = (res: { headers: Record<string, unknown> }) => String(res.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);

const encodings = [
  { accept: CHROMIUM, expected: 'br' },
  { accept: 'gzip, deflate', expected: 'gzip' },
  { accept: 'br;q=0.5, gzip', expected: 'gzip' },
  { accept: 'identity', expected: undefined },
  { accept: undefined, expected: undefined },
] as const;

describe('negotiateEncoding', () => {
  it('prefers brotli, honours q-values, and falls back to identity', () => {
    expect(negotiateEncoding(CHROMIUM)).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.1')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate')).toBe('identity');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });
});

describe.each(dbKinds)('compressed answers (%s)', (kind) => {
  let t: TestContext;
  let build: Awaited<ReturnType<typeof fakeBuild>>;

  beforeAll(async () => {
    build = await fakeBuild();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(build.dir, 'data') });
    const { database, dispose } = await openTestDatabase(kind);
    await seedCatalog(database.db);
    const app = await buildApp({ config, database, clientDir: build.clientDir, logger: false });
    await app.ready();
    t = {
      app,
      database,
      config,
      async close() {
        await app.close();
        await dispose();
      },
    };
  });

  afterAll(async () => {
    await t?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  describe.each(encodings)('Accept-Encoding: $accept', ({ accept, expected }) => {
    const headers = accept === undefined ? {} : { 'accept-encoding': accept };

    it('a hashed asset comes precompressed, immutable', async () => {
      const res = await t.app.inject({ url: '/assets/app-Ab12Cd34.js', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(varies(res)).toContain('accept-encoding');
      expect(decode(res)).toBe(build.asset);
      if (expected) expect(res.rawPayload.length).toBeLessThan(build.asset.length / 2);
    });

    it('a prerendered page is compressed and revalidated on every visit', async () => {
      const res = await t.app.inject({ url: '/', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(varies(res)).toContain('accept-encoding');
      expect(decode(res)).toBe(build.home);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    });

    it('the app shell of a client-only route is compressed too', async () => {
      const res = await t.app.inject({ url: '/dashboard', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decode(res)).toContain('<div id="root">');
    });

    it('a JSON answer over 1 KB is compressed', async () => {
      const plain = await t.app.inject({ url: '/api/catalog', headers: { 'accept-encoding': 'identity' } });
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      const res = await t.app.inject({ url: '/api/catalog', headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      if (expected) expect(varies(res)).toContain('accept-encoding');
      expect(JSON.parse(decode(res))).toEqual(plain.json());
    });

    it('a private JSON answer over 1 KB keeps `no-store` when compressed', async () => {
      const user = await createSignedInUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/account/2fa/setup',
        headers: { ...headers, cookie: user.cookie, origin: t.config.PUBLIC_URL },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(decode(res).length).toBeGreaterThan(1024);
    });
  });

  it('an answer under 1 KB goes out as it is', async () => {
    const res = await t.app.inject({ url: '/api/auth/session', headers: { 'accept-encoding': CHROMIUM } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('a page asked again with its ETag answers 304', async () => {
    const first = await t.app.inject({ url: '/', headers: { 'accept-encoding': CHROMIUM } });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ url: '/', headers: { 'accept-encoding': CHROMIUM, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('the not-found page is compressed and keeps its 404', async () => {
    const res = await t.app.inject({ url: '/no-such-page', headers: { 'accept-encoding': CHROMIUM } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decode(res)).toContain('Not found');
  });

  it('the not-found page speaks the language of the path, else the visitor’s, and is no page of its own', async () => {
    const prefixed = await t.app.inject({ url: '/de/no-such-page' });
    expect(prefixed.statusCode).toBe(404);
    expect(decode(prefixed)).toContain('Nicht gefunden');
    const chosen = await t.app.inject({ url: '/no-such-page', cookies: { sp_lang: 'de' } });
    expect(chosen.statusCode).toBe(404);
    expect(decode(chosen)).toContain('Nicht gefunden');
    expect(varies(chosen)).toContain('cookie');
    const asked = await t.app.inject({ url: '/no-such-page', headers: { 'accept-language': 'de-AT,de;q=0.9' } });
    expect(decode(asked)).toContain('Nicht gefunden');
    // A language the build has no 404 for gets the default one.
    const french = await t.app.inject({ url: '/fr/no-such-page' });
    expect(french.statusCode).toBe(404);
    expect(decode(french)).toContain('Not found');
    expect((await t.app.inject({ url: '/de/404' })).statusCode).toBe(404);
    // In the shop's language without a prefix: the bare page, whose links carry no prefix.
    expect(decode(await t.app.inject({ url: '/no-such-page', headers: { 'accept-language': 'en' } }))).toContain('Not found');
  });

  it('a file at a fixed name is cached for a day, not forever', async () => {
    const res = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': CHROMIUM } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('live events (text/event-stream) are never compressed, and each event arrives at once', async () => {
    const user = await createSignedInUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      request(
        { host: '127.0.0.1', port, path: '/api/events', headers: { cookie: user.cookie, 'accept-encoding': CHROMIUM }, agent: false },
        resolve,
      )
        .on('error', reject)
        .end();
    });
    try {
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['content-encoding']).toBeUndefined();
      res.setEncoding('utf8');
      const first = await new Promise<string>((resolve) => res.once('data', resolve));
      expect(first).toContain(': connected');
      await t.app.events.ready?.();
      t.app.events.publish(user.id, { topic: 'servers', id: 'x' });
      const next = await new Promise<string>((resolve) => res.once('data', resolve));
      expect(next).toContain('event: change');
    } finally {
      res.destroy();
    }
  });
});
