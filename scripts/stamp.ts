import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const inputs = [
  'src/client',
  'src/shared',
  'src/server/db/seed',
  'public',
  'index.html',
  'vite.config.ts',
  'package.json',
  'scripts/build.ts',
  'scripts/client-routes.ts',
  'scripts/prerender.ts',
  'scripts/precompress.ts',
  'scripts/critical-css.ts',
];

function walk(p: string, out: string[]) {
  const full = path.join(root, p);
  const st = statSync(full, { throwIfNoEntry: false });
  if (!st) return;
  if (st.isDirectory()) for (const e of readdirSync(full).sort()) walk(path.join(p, e), out);
  else out.push(p);
}

/** A hash of everything the client build reads (the brand is not among it: it is set at run time, decision 059). */
export function sourceStamp(): string {
  const files: string[] = [];
  for (const i of inputs) walk(i, files);
  const hash = createHash('sha256');
  for (const f of files) {
    if (/\.test\.tsx?$/.test(f)) continue;
    hash.update(f);
    hash.update(readFileSync(path.join(root, f)));
  }
  return hash.digest('hex');
}
