/**
 * Run by `npm start` in development, in a child process that exits before the server starts: builds
 * the client when its sources changed since the last build, compiles the server (esbuild, about a
 * second) so that it runs on plain node without tsx's loader thread, and creates, migrates and
 * seeds the embedded database. PGlite's WebAssembly memory and the allocator's arenas never give
 * back what creating a database took (about 120 MB more at idle), so that work happens here.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { seedCatalog } from '../src/server/features/catalog/catalog.repository';
import { createJobQueue } from '../src/server/jobs/queue';
import { buildServer } from './build-server';
import { sourceStamp } from './stamp';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist/.stamp');
const current = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : '';
if (current !== sourceStamp()) {
  console.log(current ? 'Rebuilding the client (its sources changed since the last build)...' : 'Building the client (first start)...');
  execSync('npx tsx scripts/build.ts', { cwd: root, stdio: 'inherit' });
} else {
  await buildServer();
}

// A configuration error is left to the server, which lists every problem.
const config = (() => {
  try {
    return loadConfig();
  } catch {
    return undefined;
  }
})();
if (config && !config.DATABASE_URL) {
  const database = await openDatabase({ dataDir: config.DATA_DIR });
  await seedCatalog(database.db);
  const queue = createJobQueue(database, { log: { info() {}, warn() {}, error() {} } });
  await queue.start();
  await queue.stop();
  await database.close();
}
