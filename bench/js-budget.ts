/**
 * Measurement 1: what a browser receives for each public page, over real HTTP.
 *
 * The built product runs as `npm start` runs it (src/server/main.ts, embedded database, on its own
 * port and data folder). Chromium opens each page in a fresh context (empty cache) and waits until
 * the client has taken over and the network is quiet, so the chunks and API answers the page
 * fetches after the first paint count too. Bytes are Chromium's own count of what crossed the
 * wire for each request (`encodedDataLength`: headers and body, compressed as it arrived).
 * Chromium sends its usual `Accept-Encoding`, which is checked on every request.
 */
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { sourceStamp } from '../scripts/stamp';

const root = path.resolve(import.meta.dirname, '..');
const pageFile = path.join(root, 'dist', 'pages', 'index.html');
const stampFile = path.join(root, 'dist', '.stamp');

/** The public pages measured: the storefront in English and German, the help centre and news (decision 070), sign-in. */
export const PAGES = ['/', '/de', '/deploy', '/configure/minecraft', '/de/configure/minecraft', '/terms', '/auth', '/help', '/de/help', '/help/refund', '/blog', '/status', '/about'];
/** What Chromium sends on every request. */
export const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The flags the browser journeys use (tests/e2e/browser.ts). */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Transfer {
  url: string;
  type: string;
  /** Bytes on the wire: response headers and body as received. */
  bytes: number;
  encoding: string;
  acceptEncoding: string | undefined;
}

export interface PageWeight {
  page: string;
  js: number;
  css: number;
  html: number;
  total: number;
  requests: Transfer[];
  consoleErrors: string[];
}

/** Builds when the prerendered pages are missing or the sources changed since the last build. */
export function ensureBuild(): string {
  let reason: string | undefined;
  if (!existsSync(pageFile)) reason = 'dist/pages/index.html missing';
  else if (process.env.BENCH_NO_BUILD !== '1') {
    const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
    if (stamp !== sourceStamp()) reason = 'sources changed since the last build';
  }
  if (!reason) return 'existing dist (up to date)';
  console.log(`Building (${reason}): npx tsx scripts/build.ts`);
  const started = Date.now();
  execSync('npx tsx scripts/build.ts', { cwd: root, stdio: 'inherit' });
  return `rebuilt, ${reason} (${((Date.now() - started) / 1000).toFixed(1)} s)`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface RunningProduct {
  baseURL: string;
  stop(): Promise<void>;
}

/** Starts the built product as `npm start` serves it, on a free port and a throwaway data folder. */
export async function startProduct(): Promise<RunningProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-web-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('the server did not answer /api/health within 60 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { baseURL, stop };
}

const header = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];

/** Opens each page in a fresh browser context and counts what crossed the wire. */
export async function measurePageWeights(baseURL: string, pages = PAGES): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  try {
    const results: PageWeight[] = [];
    for (const pagePath of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(e.message));
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      const seen = new Map<string, Partial<Transfer>>();
      const entry = (id: string) => seen.get(id) ?? (seen.set(id, {}), seen.get(id)!);
      cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
        entry(e.requestId).acceptEncoding = header(e.headers as Record<string, string>, 'accept-encoding');
      });
      cdp.on('Network.responseReceived', (e) => {
        Object.assign(entry(e.requestId), {
          url: e.response.url.replace(baseURL, ''),
          type: e.type,
          encoding: header(e.response.headers as Record<string, string>, 'content-encoding') ?? 'identity',
        });
      });
      cdp.on('Network.loadingFinished', (e) => {
        entry(e.requestId).bytes = e.encodedDataLength;
      });
      await page.goto(baseURL + pagePath, { waitUntil: 'networkidle' });
      await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      await context.close();
      const requests = [...seen.values()].filter((r): r is Transfer => r.url !== undefined && r.bytes !== undefined);
      const sum = (type?: string) => requests.filter((r) => !type || r.type === type).reduce((n, r) => n + r.bytes, 0);
      results.push({
        page: pagePath,
        js: sum('Script'),
        css: sum('Stylesheet'),
        html: sum('Document'),
        total: sum(),
        requests,
        consoleErrors,
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}
