/** `npm start` in development: builds the client when its sources changed since the last build, then serves. */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceStamp } from './stamp';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/.stamp');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (current !== sourceStamp()) {
  console.log(current ? 'Rebuilding the client (its sources changed since the last build)...' : 'Building the client (first start)...');
  execSync('npx tsx scripts/build.ts', { cwd: root, stdio: 'inherit' });
}
await import('../src/server/main');
