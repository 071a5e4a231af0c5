/** The scale bench's section of bench/results.md: one table with PASS/FAIL per budget, notes, and the SQL behind each endpoint. */
import os from 'node:os';
import { BUDGETS, headline, median, percentile, probeVerdict, RUNS, type ProbeResult } from './admin-probes';
import { SEED } from './admin-seed';
import type { AdminScaleResult, KindResult } from './admin-scale';

export const SECTION_START = '<!-- admin-scale:start -->';
export const SECTION_END = '<!-- admin-scale:end -->';

interface Row {
  measurement: string;
  value: string;
  budget: string;
  result: string;
}

const names = { postgres: 'PostgreSQL', pglite: 'PGlite' } as const;
const ms = (n: number) => (Number.isNaN(n) ? '—' : `${n.toFixed(n < 10 ? 1 : 0)} ms`);
const s = (n: number) => `${(n / 1000).toFixed(1)} s`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'PASS' : '**FAIL**');
const loads = (xs: number[]) => xs.map((n) => n.toFixed(2)).join(' / ');
const spread = (xs: number[]) => `median ${ms(median(xs))}, p95 ${ms(percentile(xs, 95))}`;

function budgetOf(r: ProbeResult) {
  return r.group === 'home'
    ? `median < ${BUDGETS.homeMedianMs} ms (p95 shown)`
    : `median < ${BUDGETS.listMedianMs} ms, p95 < ${BUDGETS.listP95Ms} ms`;
}

function probeValue(r: ProbeResult): string {
  if (r.notBuilt) return 'answers 404: the endpoint is not built yet';
  const parts: string[] = [];
  if (r.http.length) parts.push(`HTTP ${spread(r.http)}`);
  parts.push(`inject ${spread(r.inject)}`);
  const runs = headline(r).length;
  parts.push(`${runs} runs${r.capped ? ' (stopped early, over 20 s)' : ''}`);
  if (r.trace) parts.push(`${r.trace.count} queries`);
  const other = Object.entries(r.statuses).filter(([status]) => status !== '200');
  if (other.length) parts.push(`**answers ${other.map(([st, n]) => `${n} × ${st}`).join(', ')}**`);
  if (r.badShape) parts.push(`**${r.badShape} answers not \`{ items, total, page, pageSize }\`**`);
  if (r.misses) parts.push(`${r.misses} searches found nobody`);
  return parts.join('; ');
}

function kindRows(k: KindResult): Row[] {
  const rows: Row[] = [];
  const name = names[k.kind];
  if (k.seed) {
    const steps = k.seed.steps.filter((st) => st.ms >= 100).map((st) => `${st.name} ${s(st.ms)}`).join(', ');
    rows.push({ measurement: `Seed, ${name}`, value: `${s(k.seed.totalMs)} (${steps}); app boot ${s(k.bootMs ?? NaN)}`, budget: '—', result: '—' });
  }
  if (k.error) rows.push({ measurement: `Staff console at scale, ${name}`, value: `error: ${k.error}`, budget: k.kind === 'postgres' ? 'all budgets' : '—', result: k.kind === 'postgres' ? verdict(false) : '—' });
  for (const r of k.probes) {
    const ok = probeVerdict(r, k.kind);
    rows.push({
      measurement: `${r.label}, ${name}`,
      value: probeValue(r),
      budget: ok === undefined ? '— (informational)' : budgetOf(r),
      result: ok === undefined ? '—' : verdict(ok),
    });
  }
  return rows;
}

function table(rows: Row[]): string[] {
  const keys = ['measurement', 'value', 'budget', 'result'] as const;
  const widths = keys.map((k) => Math.max(k.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(['Measurement', 'Value', 'Budget', 'Result']), line(widths.map((w) => '-'.repeat(w))), ...rows.map((r) => line(keys.map((k) => r[k])))];
}

function sqlDetails(k: KindResult): string[] {
  const traced = k.probes.filter((r) => r.trace);
  if (!traced.length) return [];
  const out = [
    `### ${names[k.kind]}: the SQL behind each endpoint (one traced request, after the timed runs)`,
    '',
    '| Endpoint | Queries | SQL time (summed; parallel queries overlap) | Slowest statement |',
    '| --- | ---: | ---: | --- |',
    ...traced.map((r) => {
      const top = r.trace!.slowest[0];
      const text = top ? `${ms(top.ms)}: \`${top.text.slice(0, 300).replaceAll('|', '\\|')}${top.text.length > 300 ? ' …' : ''}\`` : '—';
      return `| ${r.label} | ${r.trace!.count} | ${ms(r.trace!.totalMs)} | ${text} |`;
    }),
    '',
  ];
  for (const r of traced) {
    const e = r.trace!.explain;
    if (!e) continue;
    out.push(
      `#### EXPLAIN ANALYZE, ${r.label} (\`${r.sampleUrl}\`)`,
      '',
      '```sql',
      e.text,
      `-- parameters: ${JSON.stringify(e.values)}`,
      '```',
      '',
      '```',
      ...e.plan.slice(0, 60),
      ...(e.plan.length > 60 ? [`… ${e.plan.length - 60} more lines`] : []),
      '```',
      '',
    );
  }
  return out;
}

export interface AdminScaleReport {
  rows: Row[];
  failed: number;
  budgets: number;
  markdown: string;
}

export function adminScaleReport(result: AdminScaleResult): AdminScaleReport {
  const rows = result.kinds.flatMap(kindRows);
  const failed = rows.filter((r) => r.result.includes('FAIL')).length;
  const budgets = rows.filter((r) => r.result !== '—').length;
  const cpus = os.cpus();
  const notes: string[] = [];
  const pgRun = result.kinds.find((k) => k.kind === 'postgres');
  if (pgRun && Math.max(pgRun.loadBefore[0] ?? 0, pgRun.loadAfter[0] ?? 0) > cpus.length) {
    notes.push(`Warning: the 1-minute load average passed the CPU count (${cpus.length}) during the PostgreSQL run, so other processes competed for the CPUs; re-run on a quiet machine before trusting a result near its budget.`);
  }
  const counts = result.kinds.find((k) => k.seed)?.seed?.counts;
  if (counts) {
    notes.push(
      `Seeded per database with set-based SQL (bench/admin-seed.ts): ${int(counts.customers ?? 0)} customers and ${int(counts.staff ?? 0)} staff (${int(counts.suspended ?? 0)} suspended), sign-ups spread over two years; ${int(counts.orders ?? 0)} orders (${int(SEED.abandonedOrders)} never paid), ${int(counts.purchases ?? 0)} purchases, ${int(counts.invoices ?? 0)} invoices (${int(counts.invoices_last_90_days ?? 0)} in the last 90 days: an order falls between its customer's sign-up and today, so recent months are busier, as in a growing business); ${int(counts.servers ?? 0)} servers in every state for ${int(counts.customers_with_servers ?? 0)} customers; ${int(counts.failed_renewals ?? 0)} renewals failing in dunning; ${int(counts.refunds ?? 0)} refunds with their credit notes; ${int(counts.tickets ?? 0)} tickets. Then ANALYZE.`,
    );
  }
  notes.push(
    `Each endpoint: 5 warm-up requests, then ${RUNS} timed runs through \`app.inject()\` and, on PostgreSQL, ${RUNS} more over real HTTP (\`app.listen\` on 127.0.0.1, \`fetch\` with keep-alive, timed until the whole body is read). On PostgreSQL the verdict uses the HTTP figures, since the budget counts what crosses the wire. Searches use a different seeded customer's term on every request (an email prefix of 4+ characters, first name plus the start of the last name, an exact referral code, an exact id).`,
    'The app is the real one (`buildApp`, `logger: false`) signed in as an admin with two-factor on; each request also pays for the session lookup and the staff guard. The pool has 10 connections; PGlite runs in-process, in memory.',
  );
  const problems = result.kinds.flatMap((k) => k.probes.filter((r) => !r.notBuilt && (r.firstProblem || r.firstMiss)).map((r) => `${names[k.kind]}, ${r.label}: ${r.firstProblem ?? `first search that found nobody: \`${r.firstMiss}\``}`));
  if (problems.length) notes.push(`Problems seen: ${problems.join('; ')}.`);
  const machine = [
    `- Date: ${new Date().toISOString()}`,
    `- CPUs: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown'}; memory ${(os.totalmem() / 1024 ** 3).toFixed(1)} GB; Node ${process.version}`,
    ...result.kinds.map((k) => `- Load average (1/5/15 min), ${names[k.kind]} run: at start ${loads(k.loadBefore)}; at end ${loads(k.loadAfter)}`),
    `- Wall time: ${s(result.wallMs)}`,
  ];
  const summary = failed ? `**${failed} of ${budgets} budget(s) FAILED.**` : `All ${budgets} budgets PASS.`;
  const markdown = [
    SECTION_START,
    `## Staff console at scale: ${int(SEED.customers)} customers, ${int(SEED.invoices)} invoices`,
    '',
    ...machine,
    '',
    ...table(rows),
    '',
    summary,
    '',
    ...notes.map((n) => `- ${n}`),
    '',
    ...result.kinds.flatMap(sqlDetails),
    SECTION_END,
  ].join('\n');
  return { rows, failed, budgets, markdown };
}
