/**
 * Resident memory of the production server at idle on PostgreSQL: the compiled build run as
 * `NODE_ENV=production node dist/server/main.js` (what `npm start` runs in production), with
 * every production setting, after it is ready, has served a few pages and API calls, and then
 * sat idle with its job workers polling.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { buildServer } from '../scripts/build-server';

export const IDLE_RSS_BUDGET_BYTES = 200 * 1024 * 1024;
const IDLE_SECONDS = 20;
const root = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) * 1024;
}

export interface IdleRss {
  rssBytes: number;
  /** RSS right after /api/ready first answered 200, before any traffic. */
  readyRssBytes: number;
  peakBytes: number;
  startMs: number;
  database: string;
}

export async function measureIdleRss(log: (line: string) => void): Promise<IdleRss> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (!existsSync(path.join(root, 'dist', 'client', 'index.html'))) throw new Error('run `npm run build` first: dist/client is missing');
  const main = await buildServer();
  const name = `sp_bench_rss_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const port = await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: url.toString(),
      STRIPE_SECRET_KEY: 'sk_test_bench_idle_rss',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench_idle_rss',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      APP_SECRET: 'bench-idle-rss-app-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const at = `http://127.0.0.1:${port}`;
    for (;;) {
      if ((await fetch(`${at}/api/ready`).then((r) => r.status, () => 0)) === 200) break;
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (Date.now() - started > 60_000) throw new Error('not ready within 60 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    const startMs = Date.now() - started;
    const pid = child.pid!;
    const readyRssBytes = rssOf(pid);
    for (const p of ['/', '/deploy', '/configure/minecraft', '/terms', '/auth', '/api/catalog', '/api/auth/session', '/api/ready']) {
      for (let i = 0; i < 5; i += 1) await fetch(`${at}${p}`, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } }).then((r) => r.arrayBuffer());
    }
    log(`    ready in ${startMs} ms (RSS ${(readyRssBytes / 2 ** 20).toFixed(0)} MB); idle for ${IDLE_SECONDS} s ...`);
    let peakBytes = 0;
    for (let s = 0; s < IDLE_SECONDS; s += 1) {
      await new Promise((r) => setTimeout(r, 1000));
      peakBytes = Math.max(peakBytes, rssOf(pid));
    }
    return { rssBytes: rssOf(pid), readyRssBytes, peakBytes, startMs, database: `PostgreSQL (${url.host})` };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const r = await measureIdleRss((l) => console.log(l));
  console.log(`idle RSS ${(r.rssBytes / 2 ** 20).toFixed(1)} MB (peak ${(r.peakBytes / 2 ** 20).toFixed(1)} MB, at ready ${(r.readyRssBytes / 2 ** 20).toFixed(1)} MB)`);
}
