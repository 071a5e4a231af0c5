/** Builds the client, the server-render bundle, the prerendered pages and the compiled server; stamps the result. */
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { precompressDir } from './precompress';
import { buildServer } from './build-server';
import { writeClientRoutes } from './client-routes';
import { sourceStamp } from './stamp';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd: string) => execSync(cmd, { cwd: root, stdio: 'inherit' });

run('npx vite build --logLevel warn');
// The routes the server answers with the app shell, from the client's route table.
writeClientRoutes(path.join(root, 'dist/client'));
run('npx vite build --ssr src/client/entry-server.tsx --outDir dist/ssr --logLevel warn');
run('npx tsx scripts/prerender.ts');
await buildServer();
// After the prerender, which rewrites dist/client/index.html into the app shell.
const packed = await precompressDir(path.join(root, 'dist/client'));
const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
console.log(`precompressed ${packed.files} files: ${kb(packed.raw)} → ${kb(packed.br)} brotli, ${kb(packed.gzip)} gzip`);
writeFileSync(path.join(root, 'dist/.stamp'), sourceStamp());
