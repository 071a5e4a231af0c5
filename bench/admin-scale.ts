/**
 * The staff console at scale: 100,000 customers and 200,000 invoices, on PostgreSQL (the budgets)
 * and PGlite (for information). Seeds with set-based SQL (admin-seed.ts), boots the real app on
 * that database, signs an admin in with two-factor on, and times the customer list, the customer
 * search and the staff home, through inject() and (on PostgreSQL) over real HTTP on a local port.
 *
 * Part of `npm run bench` (bench/run.ts); alone: `npx tsx bench/admin-scale.ts [postgres|pglite]`,
 * which rewrites only its own section of bench/results.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type App } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase, type Database } from '../src/server/db/client';
import { seedCatalog } from '../src/server/features/catalog/catalog.repository';
import { createSignedInUser } from '../src/server/test/test-app';
import { SEED, sampleSearchTerms, seedAdminScale, type SearchTerms, type SeedResult } from './admin-seed';
import { measureProbes, probeVerdict, type ProbeResult } from './admin-probes';
import { adminScaleReport, SECTION_END, SECTION_START } from './admin-report';
import { explainAnalyze, oneLine, slowestRead, traceQueries } from './admin-trace';

export type Kind = 'postgres' | 'pglite';
const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface KindResult {
  kind: Kind;
  error?: string;
  openMs?: number;
  seed?: SeedResult;
  bootMs?: number;
  probes: ProbeResult[];
  loadBefore: number[];
  loadAfter: number[];
}

export interface AdminScaleResult {
  kinds: KindResult[];
  wallMs: number;
}

async function openKind(kind: Kind): Promise<{ database: Database; dispose: () => Promise<void> }> {
  if (kind === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const name = `sp_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_BASE);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  };
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    return {
      database,
      async dispose() {
        await database.close();
        await drop();
      },
    };
  } catch (error) {
    await drop();
    throw error;
  }
}

async function measureKind(kind: Kind, log: (line: string) => void): Promise<KindResult> {
  const result: KindResult = { kind, probes: [], loadBefore: os.loadavg(), loadAfter: [] };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'spawnpoint-bench-admin-'));
  let opened: Awaited<ReturnType<typeof openKind>> | undefined;
  let app: App | undefined;
  try {
    let t0 = performance.now();
    opened = await openKind(kind);
    const { database } = opened;
    await seedCatalog(database.db);
    result.openMs = performance.now() - t0;
    log(`    ${kind}: seeding ${SEED.customers.toLocaleString('en-US')} customers, ${SEED.invoices.toLocaleString('en-US')} invoices ...`);
    result.seed = await seedAdminScale(database, new Date(), log);
    log(`    ${kind}: seeded in ${(result.seed.totalMs / 1000).toFixed(1)} s`);
    const terms: SearchTerms = await sampleSearchTerms(database, 150);

    t0 = performance.now();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    app = await buildApp({ config, database, logger: false });
    await app.ready();
    result.bootMs = performance.now() - t0;
    const admin = await createSignedInUser({ app, database, config, close: async () => {} }, { role: 'admin', email: 'bench-admin@spawnpoint.test' });
    const session = { cookie: admin.cookie };

    let base: string | undefined;
    if (kind === 'postgres') {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      if (address && typeof address === 'object') base = `http://127.0.0.1:${address.port}`;
    }
    result.probes = await measureProbes({ app, base, session, terms, kind, log });

    if (kind === 'postgres') {
      // One traced request per endpoint: its SQL, and the plan of its slowest read when it is slow.
      for (const probe of result.probes) {
        if (probe.notBuilt) continue;
        const { queries } = await traceQueries(() => app!.inject({ method: 'GET', url: probe.sampleUrl, headers: { cookie: session.cookie } }));
        const slowest = [...queries].sort((a, b) => b.ms - a.ms);
        probe.trace = { count: queries.length, totalMs: queries.reduce((s, q) => s + q.ms, 0), slowest: slowest.slice(0, 3).map((q) => ({ text: oneLine(q.text), ms: q.ms })) };
        const read = slowestRead(queries);
        if (read && (probeVerdict(probe, kind) === false || read.ms > 10)) {
          probe.trace.explain = { text: oneLine(read.text, 2000), values: read.values.map(String), plan: await explainAnalyze(database, read) };
        }
      }
    }
  } catch (error) {
    result.error = error instanceof Error ? `${error.message}` : String(error);
    log(`    ${kind}: ${result.error}`);
  } finally {
    result.loadAfter = os.loadavg();
    await app?.close().catch(() => {});
    await opened?.dispose().catch((error: unknown) => log(`    ${kind}: cleanup failed: ${String(error)}`));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

export async function measureAdminScale(log: (line: string) => void = console.log, kinds: Kind[] = ['postgres', 'pglite']): Promise<AdminScaleResult> {
  const started = performance.now();
  const results: KindResult[] = [];
  for (const kind of kinds) results.push(await measureKind(kind, log));
  return { kinds: results, wallMs: performance.now() - started };
}

export { adminScaleReport };

/** Replaces this bench's section of results.md (or appends it), leaving the other sections alone. */
export function writeAdminScaleSection(file: string, section: string) {
  const [start, end] = [SECTION_START, SECTION_END];
  const existing = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const from = existing.indexOf(start);
  const to = existing.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${existing.slice(0, from)}${section}${existing.slice(to + end.length)}`
      : `${existing.trimEnd()}${existing ? '\n\n' : ''}${section}\n`;
  writeFileSync(file, next);
}

const isMain = process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const only = process.argv[2] as Kind | undefined;
  const kinds: Kind[] = only === 'postgres' || only === 'pglite' ? [only] : ['postgres', 'pglite'];
  console.log(`Staff console at scale (${kinds.join(', ')}) ...`);
  const result = await measureAdminScale(console.log, kinds);
  const report = adminScaleReport(result);
  // BENCH_RESULTS_FILE points a trial run elsewhere, keeping bench/results.md as it is.
  const outFile = process.env.BENCH_RESULTS_FILE ?? path.join(import.meta.dirname, 'results.md');
  writeAdminScaleSection(outFile, report.markdown);
  console.log(`\n${report.markdown}\n`);
  console.log(report.failed ? `FAIL: ${report.failed} budget(s) missed.` : 'PASS: all budgets met.');
  console.log(`Written to ${path.relative(process.cwd(), outFile)}`);
}
