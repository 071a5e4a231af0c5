/**
 * Compiles the server for production: one ES module, dist/server/main.js, that plain `node` runs
 * (no tsx, nothing compiled at start). Packages stay imports of node_modules; the migrations are
 * copied beside it, where the database client looks for them.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

export async function buildServer(outdir = path.join(root, 'dist', 'server')) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [path.join(root, 'src/server/main.ts')],
    outfile: path.join(outdir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    legalComments: 'none',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  return path.join(outdir, 'main.js');
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : undefined);
}
