/**
 * Resident memory of `npm start` as a newcomer runs it: no configuration at all (PGlite in a new
 * data folder, the built-in checkout, the simulated panel, the dev mailbox), 20 s after
 * /api/health first answers, having served the public pages once. Issue 21 §4 measured 963 MB.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, rssOf } from './idle-rss';

export const EMBEDDED_IDLE_RSS_BUDGET_BYTES = 300 * 1024 * 1024;
const IDLE_SECONDS = 20;
const root = path.resolve(import.meta.dirname, '..');

export interface EmbeddedIdleRss {
  rssBytes: number;
  peakBytes: number;
  healthyMs: number;
}

export async function measureEmbeddedIdleRss(log: (line: string) => void): Promise<EmbeddedIdleRss> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-bench-embedded-'));
  const started = Date.now();
  // Only what a shell gives anyone; PORT so as not to collide, DATA_DIR so the folder is new.
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), DATA_DIR: path.join(dataDir, 'data') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const at = `http://127.0.0.1:${port}`;
    for (;;) {
      if ((await fetch(`${at}/api/health`).then((r) => r.status, () => 0)) === 200) break;
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (Date.now() - started > 300_000) throw new Error('not healthy within 5 minutes');
      await new Promise((r) => setTimeout(r, 250));
    }
    const healthyMs = Date.now() - started;
    for (const p of ['/', '/deploy', '/configure/minecraft', '/faq', '/auth', '/api/catalog']) {
      await fetch(`${at}${p}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }).then((r) => r.arrayBuffer());
    }
    log(`    healthy after ${healthyMs} ms; idle for ${IDLE_SECONDS} s ...`);
    let peakBytes = 0;
    for (let s = 0; s < IDLE_SECONDS; s += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      peakBytes = Math.max(peakBytes, rssOf(child.pid!));
    }
    return { rssBytes: rssOf(child.pid!), peakBytes, healthyMs };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const r = await measureEmbeddedIdleRss((l) => console.log(l));
  console.log(`npm start idle RSS ${(r.rssBytes / 2 ** 20).toFixed(1)} MB (peak ${(r.peakBytes / 2 ** 20).toFixed(1)} MB, healthy after ${r.healthyMs} ms)`);
}
