/** Builds the client, the server-render bundle, and the prerendered pages; stamps the result. */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sourceStamp } from './stamp';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd: string) => execSync(cmd, { cwd: root, stdio: 'inherit' });

run('npx vite build --logLevel warn');
run('npx vite build --ssr src/client/entry-server.tsx --outDir dist/ssr --logLevel warn');
run('npx tsx scripts/prerender.ts');
writeFileSync(path.join(root, 'dist/.stamp'), sourceStamp());
