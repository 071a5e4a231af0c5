/**
 * Measurement 2: `GET /api/catalog` on the real app against a bare `node:http` server that answers
 * the very same bytes with the same content-type.
 *
 * The servers run on this process's main thread; autocannon runs in a worker thread (`workers: 1`,
 * still 10 connections) so the load generator does not share the event loop it is measuring.
 */
import http from 'node:http';
import { devNull } from 'node:os';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import pino from 'pino';
import { buildApp, type App } from '../src/server/app';
import { createTestApp } from '../src/server/test/test-app';

export const CANNON = { connections: 10, duration: 10, pipelining: 1 } as const;

export interface TargetResult {
  name: string;
  runs: number[];
  best: number;
  p99Ms: number;
  problems: string[];
}

export interface ThroughputResult {
  bodyBytes: number;
  contentType: string;
  bare: TargetResult;
  /** The app as createTestApp builds it: `logger: false`. */
  quiet: TargetResult;
  /** The app as production builds it: pino at `info`, one line per request (written to the null device). */
  logged: TargetResult;
}

interface Target {
  name: string;
  url: string;
  expectedBytes: number;
}

async function fire(target: Target): Promise<Result> {
  return autocannon({ url: target.url, ...CANNON, workers: 1 });
}

function reqPerSec(r: Result): number {
  // The per-second histogram average; total/duration as a fallback if the samples are missing.
  return r.requests.average > 0 ? r.requests.average : r.requests.total / Math.max(r.duration, 1);
}

function problemsOf(r: Result, target: Target): string[] {
  const out: string[] = [];
  if (r.errors) out.push(`${r.errors} errors`);
  if (r.timeouts) out.push(`${r.timeouts} timeouts`);
  if (r.non2xx) out.push(`${r.non2xx} non-2xx`);
  const perResponse = r.throughput.total / Math.max(r.requests.total, 1);
  if (perResponse < target.expectedBytes) out.push(`only ${Math.round(perResponse)} bytes/response`);
  return out;
}

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

export async function measureCatalogThroughput(
  log: (line: string) => void,
): Promise<ThroughputResult> {
  const t = await createTestApp('pglite');
  let logged: App | undefined;
  let bare: http.Server | undefined;
  const logStream = pino.destination({ dest: devNull, sync: true });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/catalog`;

    // The production logger config (`{ level: config.LOG_LEVEL }`, LOG_LEVEL defaults to info),
    // sent to the null device instead of stdout so the terminal is not part of the measurement.
    logged = await buildApp({
      config: t.config,
      database: t.database,
      logger: { level: 'info', stream: logStream },
    });
    await logged.listen({ port: 0, host: '127.0.0.1' });
    const loggedUrl = `http://127.0.0.1:${(logged.server.address() as AddressInfo).port}/api/catalog`;

    const response = await fetch(appUrl);
    if (!response.ok) throw new Error(`GET /api/catalog answered ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get('content-type') ?? 'application/json';
    const loggedBody = Buffer.from(await (await fetch(loggedUrl)).arrayBuffer());
    if (!loggedBody.equals(body)) throw new Error('the two app instances answered different catalogs');

    bare = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    });
    const barePort = await listen(bare);

    const targets: Target[] = [
      { name: 'bare node:http', url: `http://127.0.0.1:${barePort}/api/catalog`, expectedBytes: body.length },
      { name: 'app, logger: false', url: appUrl, expectedBytes: body.length },
      { name: 'app, logger at info', url: loggedUrl, expectedBytes: body.length },
    ];
    const results = targets.map((target) => ({ target, runs: [] as number[], p99: [] as number[], problems: new Set<string>() }));

    // Each target gets a short warm-up (JIT, connection setup), then two rounds in bare → app order.
    for (const r of results) {
      await autocannon({ url: r.target.url, connections: CANNON.connections, duration: 1, workers: 1 });
    }
    for (let round = 1; round <= 2; round++) {
      for (const r of results) {
        const res = await fire(r.target);
        const rps = reqPerSec(res);
        r.runs.push(rps);
        r.p99.push(res.latency.p99);
        for (const p of problemsOf(res, r.target)) r.problems.add(p);
        log(`  round ${round}: ${r.target.name.padEnd(20)} ${Math.round(rps).toLocaleString('en-US').padStart(8)} req/s  p99 ${res.latency.p99} ms`);
      }
    }

    const summarise = (i: number): TargetResult => {
      const r = results[i]!;
      const best = Math.max(...r.runs);
      return { name: r.target.name, runs: r.runs, best, p99Ms: r.p99[r.runs.indexOf(best)] ?? 0, problems: [...r.problems] };
    };
    return { bodyBytes: body.length, contentType, bare: summarise(0), quiet: summarise(1), logged: summarise(2) };
  } finally {
    await new Promise<void>((resolve) => (bare ? bare.close(() => resolve()) : resolve()));
    await logged?.close();
    await t.close();
    logStream.flushSync();
    logStream.end();
  }
}
