// `npm start`. With NODE_ENV=production it runs the compiled server (`npm run build` made it) with
// plain node: no tsx, no build at start. Otherwise, as for a newcomer with no configuration, a child
// process builds the client when its sources changed and compiles the server, then the compiled
// server runs here on plain node.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
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
  // The build runs in a child that exits, so its memory (Vite, esbuild, tsx) is not the server's.
  const prepared = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'prepare-dev.ts')], {
    cwd: root,
    stdio: 'inherit',
  });
  if (prepared.status !== 0) process.exit(prepared.status ?? 1);
  await import(pathToFileURL(path.join(root, 'dist', 'server', 'main.js')).href);
}
