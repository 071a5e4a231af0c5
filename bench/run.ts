/**
 * `npm run bench`: performance budgets. Prints a table and writes it to bench/results.md.
 * Always exits 0; a missed budget shows as FAIL.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CANNON, measureCatalogThroughput, type TargetResult } from './catalog-throughput';
import { measureJsBudget } from './js-budget';

const JS_BUDGET = 100 * 1024;
const RATIO_BUDGET = 0.5;

const started = Date.now();
const loadAtStart = os.loadavg();
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
const verdict = (ok: boolean) => (ok ? 'PASS' : '**FAIL**');

interface Row {
  measurement: string;
  value: string;
  budget: string;
  result: string;
}
const rows: Row[] = [];
const notes: string[] = [];
const details: string[] = [];

// 1. JavaScript for `/`
console.log('1/2 JavaScript needed to show / ...');
try {
  const js = measureJsBudget();
  notes.push(`Client build: ${js.build}.`);
  rows.push({
    measurement: 'JS to show `/` (gzip -9)',
    value: `${kb(js.loadedGzip)} (${int(js.loadedGzip)} B; ${js.loaded.length} files, ${kb(js.loadedRaw)} raw)`,
    budget: `≤ ${kb(JS_BUDGET)}`,
    result: verdict(js.loadedGzip <= JS_BUDGET),
  });
  rows.push({
    measurement: 'No `dashboard` chunk loaded for `/`',
    value: js.dashboardChunks.length ? js.dashboardChunks.join(', ') : 'none',
    budget: 'none',
    result: verdict(js.dashboardChunks.length === 0),
  });
  rows.push({
    measurement: 'All client JS (gzip -9, for reference)',
    value: `${kb(js.allJs.gzip)} (${js.allJs.count} files, ${kb(js.allJs.raw)} raw)`,
    budget: '—',
    result: '—',
  });
  if (!js.homeChunk) notes.push('No `home-page*` chunk is dynamically imported by the entry; only the entry closure was counted.');
  details.push(
    '### Files loaded for `/`',
    '',
    '| File | Raw | Gzip -9 | Why |',
    '| --- | ---: | ---: | --- |',
    ...js.loaded.map((f) => `| ${f.file} | ${int(f.raw)} | ${int(f.gzip)} | ${f.via} |`),
    '',
  );
} catch (error) {
  rows.push({ measurement: 'JS to show `/` (gzip -9)', value: `error: ${String(error)}`, budget: `≤ ${kb(JS_BUDGET)}`, result: verdict(false) });
}

// 2. /api/catalog throughput
console.log(`2/2 GET /api/catalog throughput (autocannon: ${CANNON.connections} connections, ${CANNON.duration} s, pipelining ${CANNON.pipelining}) ...`);
try {
  const tp = await measureCatalogThroughput((line) => console.log(line));
  const describe = (r: TargetResult) =>
    `${int(r.best)} req/s (runs ${r.runs.map(int).join(' / ')}; p99 ${r.p99Ms} ms)${r.problems.length ? `; ${r.problems.join(', ')}` : ''}`;
  const ok = (r: TargetResult) => r.problems.length === 0;
  rows.push({ measurement: '`GET /api/catalog`, bare node:http', value: describe(tp.bare), budget: '—', result: ok(tp.bare) ? '—' : verdict(false) });
  for (const [label, r] of [
    ['app, `logger: false`', tp.quiet],
    ['app, production logger (info)', tp.logged],
  ] as const) {
    const ratio = r.best / tp.bare.best;
    rows.push({ measurement: `\`GET /api/catalog\`, ${label}`, value: describe(r), budget: '—', result: ok(r) ? '—' : verdict(false) });
    rows.push({
      measurement: `  ratio, ${label} / bare`,
      value: pct(ratio),
      budget: `≥ ${pct(RATIO_BUDGET)}`,
      result: verdict(ratio >= RATIO_BUDGET && ok(r) && ok(tp.bare)),
    });
  }
  notes.push(
    `Catalog body: ${int(tp.bodyBytes)} bytes, \`${tp.contentType}\`, served uncompressed (autocannon sends no Accept-Encoding).`,
    'Best of two 10 s runs per target, after a 1 s warm-up each; order per round: bare, app (logger off), app (logger at info).',
    'Servers run on the main thread; autocannon runs in one worker thread (`workers: 1`) so the load generator has its own event loop.',
    'The info-level app uses the production logger config with the output sent to the null device, so it counts pino serialisation but not terminal or pipe I/O.',
  );
} catch (error) {
  rows.push({ measurement: '`GET /api/catalog` throughput', value: `error: ${String(error)}`, budget: `≥ ${pct(RATIO_BUDGET)} of bare`, result: verdict(false) });
}

// Report
const cpus = os.cpus();
const machine = [
  `- Date: ${new Date().toISOString()}`,
  `- Node: ${process.version} (${process.platform}/${process.arch})`,
  `- CPUs: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}`,
  `- Memory: ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB`,
  `- Load average (1/5/15 min) at start: ${loadAtStart.map((n) => n.toFixed(2)).join(' / ')}; at end: ${os.loadavg().map((n) => n.toFixed(2)).join(' / ')}`,
  `- Bench wall time: ${((Date.now() - started) / 1000).toFixed(0)} s`,
];

const widths = (['measurement', 'value', 'budget', 'result'] as const).map((k) =>
  Math.max(k.length, ...rows.map((r) => r[k].length)),
);
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
const table = [
  line(['Measurement', 'Value', 'Budget', 'Result']),
  line(widths.map((w) => '-'.repeat(w))),
  ...rows.map((r) => line([r.measurement, r.value, r.budget, r.result])),
];

if (Math.max(loadAtStart[0] ?? 0, os.loadavg()[0] ?? 0) > cpus.length) {
  notes.unshift(
    `Warning: the 1-minute load average exceeded the CPU count (${cpus.length}) during the run; other processes competed for the CPUs, so the req/s figures and the ratio are noisy. Re-run on a quiet machine before trusting a PASS or FAIL near the budget.`,
  );
}

const failed = rows.filter((r) => r.result.includes('FAIL')).length;
const summary = failed ? `**${failed} budget(s) FAILED.**` : 'All budgets PASS.';

const markdown = [
  '# Spawnpoint performance budgets',
  '',
  ...machine,
  '',
  ...table,
  '',
  summary,
  '',
  ...notes.map((n) => `- ${n}`),
  '',
  ...details,
].join('\n');

const outFile = path.join(import.meta.dirname, 'results.md');
writeFileSync(outFile, markdown);
console.log(`\n${machine.join('\n')}\n\n${table.join('\n')}\n`);
for (const n of notes) console.log(`- ${n}`);
console.log(`\n${failed ? `FAIL: ${failed} budget(s) missed.` : 'PASS: all budgets met.'}`);
console.log(`Written to ${path.relative(process.cwd(), outFile)}`);
process.exitCode = 0;
