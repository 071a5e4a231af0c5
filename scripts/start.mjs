// `npm start`. With NODE_ENV=production it runs the compiled server (`npm run build` made it) with
// plain node: no tsx, no build at start. Otherwise, as for a newcomer with no configuration, a child
// process builds the client when its sources changed and compiles the server, then the compiled
// server runs here on plain node, with two V8 settings that keep the embedded default small
// (decision 037).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

if (process.env.NODE_ENV === 'production') {
  const main = path.join(root, 'dist', 'server', 'main.js');
  if (!existsSync(main) || !existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
    process.stderr.write('The production build is missing: run `npm run build` first (it compiles the client and the server into dist/).\n');
    process.exit(1);
  }
  await import(pathToFileURL(main).href);
} else {
  // Set before anything sizeable is allocated or compiled, and only here: production is untouched.
  // PGlite's WebAssembly stays on V8's baseline compiler (Liftoff): the optimising tier's compiled
  // code and the compiler threads' malloc arenas cost about 55 MB that an idle server never gives
  // back, and on 2 CPUs queries were no slower. The young generation keeps its initial 1 MB
  // semi-spaces instead of growing to 16 MB each (about 25 MB).
  v8.setFlagsFromString('--liftoff-only');
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  // The build runs in a child that exits, so its memory (Vite, esbuild, tsx) is not the server's.
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'prepare-dev.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
  await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
}
