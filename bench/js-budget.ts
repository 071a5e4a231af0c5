/**
 * Measurement 1: the compressed JavaScript a browser fetches to show `/`.
 *
 * Loaded for `/` = the prerendered page's `<script type="module" src>` and `<link rel="modulepreload">`
 * files, their static imports (followed recursively), and — because the client preloads the current
 * route's lazy chunk before the first render — the `home-page` chunk that the entry dynamically
 * imports, with its own static imports. Each file is gzipped at level 9 and the sizes summed.
 */
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { sourceStamp } from '../scripts/stamp';

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist', 'client');
const pageFile = path.join(root, 'dist', 'pages', 'index.html');
const stampFile = path.join(root, 'dist', '.stamp');

export interface LoadedFile {
  file: string;
  raw: number;
  gzip: number;
  /** Why the browser fetches it for `/`. */
  via: string;
}

export interface JsBudgetResult {
  build: string;
  loaded: LoadedFile[];
  loadedGzip: number;
  loadedRaw: number;
  homeChunk: string | undefined;
  dashboardChunks: string[];
  allJs: { count: number; raw: number; gzip: number };
}

/** Builds when the prerendered home page is missing or the sources changed since the last build. */
function ensureBuild(): string {
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

const gzipSize = (bytes: Buffer) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;

/** `/assets/x.js` (as the page refers to it) → the file under dist/client. */
function fromUrl(url: string): string | undefined {
  if (/^[a-z]+:|^\/\//i.test(url)) return undefined; // another origin
  return path.join(clientDir, url.split(/[?#]/)[0] ?? url);
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    out[m[1]!.toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

/** The entry scripts and modulepreloads the page names. */
function pageScripts(html: string): { file: string; via: string }[] {
  const found: { file: string; via: string }[] = [];
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const a = attributes(tag.slice(7, -1));
    if (a.type === 'module' && a.src) {
      const file = fromUrl(a.src);
      if (file) found.push({ file, via: '<script type=module>' });
    }
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const a = attributes(tag.slice(5, -1));
    if (a.rel?.split(/\s+/).includes('modulepreload') && a.href) {
      const file = fromUrl(a.href);
      if (file) found.push({ file, via: '<link rel=modulepreload>' });
    }
  }
  return found;
}

const quoted = String.raw`["'\x60](\.{1,2}\/[^"'\x60]+?\.js)["'\x60]`;
/** `import{a}from"./x.js"`, `export*from"./x.js"`, and bare `import"./x.js"`. */
const staticImport = new RegExp(String.raw`(?:\bfrom|\bimport)\s*${quoted}`, 'g');
/** `import("./x.js")` (Vite writes these with backticks). */
const dynamicImport = new RegExp(String.raw`\bimport\(\s*${quoted}\s*\)`, 'g');

function specifiers(file: string, pattern: RegExp): string[] {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(pattern)].map((m) => path.resolve(path.dirname(file), m[1]!));
}

export function measureJsBudget(): JsBudgetResult {
  const build = ensureBuild();
  const html = readFileSync(pageFile, 'utf8');
  const loaded = new Map<string, string>();

  function addWithStaticImports(file: string, via: string) {
    if (loaded.has(file)) return;
    if (!existsSync(file)) throw new Error(`${path.relative(root, file)} is referenced (${via}) but does not exist`);
    loaded.set(file, via);
    for (const dep of specifiers(file, staticImport)) {
      addWithStaticImports(dep, `static import of ${path.basename(file)}`);
    }
  }

  const entries = pageScripts(html);
  if (!entries.some((e) => e.via.startsWith('<script'))) {
    throw new Error('dist/pages/index.html has no <script type="module" src>');
  }
  for (const { file, via } of entries) addWithStaticImports(file, via);

  // The home route's lazy chunk, as the entry code imports it (not just any file named so).
  const lazyTargets = [...loaded.keys()].flatMap((f) => specifiers(f, dynamicImport));
  const homeChunk = lazyTargets.find((f) => path.basename(f).startsWith('home-page'));
  if (homeChunk) addWithStaticImports(homeChunk, 'home route chunk (preloaded before first render)');

  const files: LoadedFile[] = [...loaded].map(([file, via]) => {
    const bytes = readFileSync(file);
    return { file: path.relative(clientDir, file), raw: bytes.length, gzip: gzipSize(bytes), via };
  });

  const allJsFiles: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.js')) allJsFiles.push(p);
    }
  };
  walk(clientDir);
  const allJs = { count: 0, raw: 0, gzip: 0 };
  for (const f of allJsFiles) {
    const bytes = readFileSync(f);
    allJs.count += 1;
    allJs.raw += bytes.length;
    allJs.gzip += gzipSize(bytes);
  }

  return {
    build,
    loaded: files,
    loadedGzip: files.reduce((n, f) => n + f.gzip, 0),
    loadedRaw: files.reduce((n, f) => n + f.raw, 0),
    homeChunk: homeChunk && path.relative(clientDir, homeChunk),
    dashboardChunks: files.filter((f) => /dashboard/i.test(path.basename(f.file))).map((f) => f.file),
    allJs,
  };
}
