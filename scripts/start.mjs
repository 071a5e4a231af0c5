// `npm start`. With NODE_ENV=production it runs the compiled server (`npm run build` made it) with
// plain node: no tsx, no build at start. Otherwise, as for a newcomer with no configuration, it
// builds the client when its sources changed and runs the TypeScript sources through tsx.
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
  const { register } = await import('tsx/esm/api');
  register();
  await import('./start-dev.ts');
}
