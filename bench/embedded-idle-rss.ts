/**
 * Resident memory of `npm start` as a newcomer runs it: no configuration at all (PGlite in a new
 * data folder, the built-in checkout, the simulated panel, the dev mailbox), 20 s after
 * /api/health first answers, having served the public pages once. Issue 21 §4 measured 963 MB.
 * Every process that `npm start` left running counts, so moving work into a long-lived child
 * cannot hide it. `npx tsx bench/embedded-idle-rss.ts 3` measures three times.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, rssOf } from './idle-rss';

export const EMBEDDED_IDLE_RSS_BUDGET_BYTES = 300 * 1024 * 1024;
const IDLE_SECONDS = 20;
const root = path.resolve(import.meta.dirname, '..');

export interface EmbeddedIdleRss {
  /** VmRSS summed over the started process and every descendant still running. */
  rssBytes: number;
  peakBytes: number;
  healthyMs: number;
  processes: number;
  /** Of the started process: anonymous memory (heaps, WebAssembly memory, arenas) and the rest (mapped files, mostly node itself). */
  anonymousBytes: number;
  fileBytes: number;
}

function processTree(pid: number): number[] {
  const tasks = `/proc/${pid}/task`;
  if (!existsSync(tasks)) return [];
  const children = readdirSync(tasks).flatMap((tid) => {
    try {
      return readFileSync(`${tasks}/${tid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  });
  return [pid, ...children.flatMap(processTree)];
}

function treeRss(pid: number): { bytes: number; processes: number } {
  let bytes = 0;
  let processes = 0;
  for (const p of processTree(pid)) {
    try {
      bytes += rssOf(p);
      processes += 1;
    } catch {
      // It exited between the listing and the reading.
    }
  }
  return { bytes, processes };
}

function rollupKb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN);
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
    for (const p of ['/', '/deploy', '/configure/minecraft', '/terms', '/auth', '/api/catalog']) {
      await fetch(`${at}${p}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }).then((r) => r.arrayBuffer());
    }
    log(`    healthy after ${healthyMs} ms; idle for ${IDLE_SECONDS} s ...`);
    let peakBytes = 0;
    for (let s = 0; s < IDLE_SECONDS; s += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      peakBytes = Math.max(peakBytes, treeRss(child.pid!).bytes);
    }
    const { bytes: rssBytes, processes } = treeRss(child.pid!);
    const rssKb = rollupKb(child.pid!, 'Rss');
    const anonymousKb = rollupKb(child.pid!, 'Anonymous');
    return { rssBytes, peakBytes, healthyMs, processes, anonymousBytes: anonymousKb * 1024, fileBytes: (rssKb - anonymousKb) * 1024 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
  const runs = Number(process.argv[2] ?? 1);
  for (let run = 1; run <= runs; run += 1) {
    const r = await measureEmbeddedIdleRss((l) => console.log(l));
    console.log(
      `npm start idle RSS ${mb(r.rssBytes)} in ${r.processes} process(es) (peak ${mb(r.peakBytes)}; anonymous ${mb(r.anonymousBytes)}, files ${mb(r.fileBytes)}; healthy after ${r.healthyMs} ms)`,
    );
  }
}
