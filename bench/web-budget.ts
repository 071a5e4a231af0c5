/**
 * The public pages' budgets, for bench/run.ts: bytes transferred per page (JS ≤ 120 KB, on `/`
 * ≤ 100 KB; all ≤ 300 KB) and Lighthouse's four categories at 100, measured against the running
 * product. The browser runs React since decision 038, which moved the JS budget from 80 KB.
 */
import os from 'node:os';
import { auditPages, CATEGORIES, retries, RUNS, type PageAudit } from './lighthouse';
import { CHROMIUM_ACCEPT_ENCODING, ensureBuild, measurePageWeights, PAGES, startProduct, type PageWeight } from './js-budget';

export const JS_BUDGET = 120 * 1024;
/** The home page's tighter JS budget: it is where most visits start. */
export const HOME_JS_BUDGET = 100 * 1024;
export const TOTAL_BUDGET = 300 * 1024;
export const LIGHTHOUSE_BUDGET = 100;

export interface BudgetRow {
  measurement: string;
  value: string;
  budget: string;
  result: string;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const verdict = (ok: boolean) => (ok ? 'PASS' : '**FAIL**');
const ms = (n: number) => `${Math.round(n)} ms`;

export async function measureWebBudgets(log: (line: string) => void) {
  const rows: BudgetRow[] = [];
  const notes: string[] = [];
  const details: string[] = [];
  notes.push(`Client build: ${ensureBuild()}.`);

  const product = await startProduct();
  let weights: PageWeight[];
  let audits: PageAudit[];
  let loadBefore: number[];
  let loadAfter: number[];
  try {
    log(`    bytes over the wire, Chromium, ${PAGES.length} pages ...`);
    weights = await measurePageWeights(product.baseURL);
    log(`    Lighthouse, mobile profile, ${RUNS} runs per page ...`);
    loadBefore = os.loadavg();
    audits = await auditPages(product.baseURL, PAGES, log);
    loadAfter = os.loadavg();
  } finally {
    await product.stop();
  }

  for (const w of weights) {
    const jsBudget = w.page === '/' ? HOME_JS_BUDGET : JS_BUDGET;
    rows.push({
      measurement: `\`${w.page}\`: JS transferred`,
      value: `${kb(w.js)} (${w.requests.filter((r) => r.type === 'Script').length} files)`,
      budget: `≤ ${kb(jsBudget)}`,
      result: verdict(w.js <= jsBudget),
    });
    rows.push({
      measurement: `\`${w.page}\`: everything transferred`,
      value: `${kb(w.total)} (${w.requests.length} requests; HTML ${kb(w.html)}, CSS ${kb(w.css)})`,
      budget: `≤ ${kb(TOTAL_BUDGET)}`,
      result: verdict(w.total <= TOTAL_BUDGET),
    });
  }
  const private_ = weights.flatMap((w) => w.requests.filter((r) => /\/assets\/(dashboard|admin)[^/]*\.js$/.test(r.url)).map((r) => `${w.page}: ${r.url}`));
  rows.push({
    measurement: 'No dashboard or staff chunk on these pages',
    value: private_.length ? private_.join(', ') : 'none',
    budget: 'none',
    result: verdict(private_.length === 0),
  });
  for (const a of audits) {
    const ok = CATEGORIES.every((c) => a.median[c] >= LIGHTHOUSE_BUDGET);
    rows.push({
      measurement: `\`${a.page}\`: Lighthouse mobile, median of ${RUNS}`,
      value: CATEGORIES.map((c) => `${c} ${a.median[c]}`).join(', '),
      budget: `all ${LIGHTHOUSE_BUDGET}`,
      result: verdict(ok),
    });
  }

  const encodings = new Set(weights.flatMap((w) => w.requests.map((r) => r.acceptEncoding ?? '(none)')));
  notes.push(
    `Page weights: the product started as \`npm start\` serves it (src/server/main.ts, embedded database), each page opened in a fresh Chromium context (empty cache, 412×823 viewport) until the client had taken over and the network was idle; bytes are Chromium's count of what crossed the wire per request (headers and compressed body), summed over every request the page made, API calls included. Accept-Encoding sent: ${[...encodings].map((e) => `\`${e}\``).join(', ')}${[...encodings].every((e) => e === CHROMIUM_ACCEPT_ENCODING) ? '' : ` (expected \`${CHROMIUM_ACCEPT_ENCODING}\`)`}.`,
    `Lighthouse ${RUNS} runs per page on the same server, default mobile profile (simulated throttling: 150 ms RTT, 1.6 Mbps, 4× CPU slowdown), Chromium ${'`/usr/bin/chromium`'} with the journeys' flags; a category's figure is the median of its ${RUNS} scores. Load average (1/5/15 min, as \`uptime\` shows it) when Lighthouse started: ${loadBefore.map((n) => n.toFixed(2)).join(' / ')}; when it ended: ${loadAfter.map((n) => n.toFixed(2)).join(' / ')}, on ${os.cpus().length} CPUs. Its performance score depends on how busy the machine is (it scales the CPU time it observes): read it with the load average above.`,
  );
  if (retries.length) notes.push(`Lighthouse runs it could not read and ran again: ${retries.join('; ')}.`);
  const errors = weights.flatMap((w) => w.consoleErrors.map((e) => `${w.page}: ${e}`));
  if (errors.length) notes.push(`Console errors while measuring: ${errors.join('; ')}.`);

  details.push(
    '### Bytes transferred per public page',
    '',
    '| Page | JS | CSS | HTML | Everything | Requests |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...weights.map((w) => `| \`${w.page}\` | ${kb(w.js)} | ${kb(w.css)} | ${kb(w.html)} | ${kb(w.total)} | ${w.requests.length} |`),
    '',
    '### Lighthouse (mobile), per run',
    '',
    '| Page | Run | Performance | Accessibility | Best practices | SEO | FCP | LCP | TBT | CLS | Lost points |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...audits.flatMap((a) =>
      a.runs.map(
        (r, i) =>
          `| \`${a.page}\` | ${i + 1} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${ms(r.metrics.FCP)} | ${ms(r.metrics.LCP)} | ${ms(r.metrics.TBT)} | ${r.metrics.CLS.toFixed(3)} | ${r.flagged.join('; ') || '—'} |`,
      ),
    ),
    '',
    '### Requests of `/`',
    '',
    '| Request | Type | Encoding | Bytes |',
    '| --- | --- | --- | ---: |',
    ...(weights[0]?.requests ?? []).map((r) => `| ${r.url} | ${r.type} | ${r.encoding} | ${r.bytes.toLocaleString('en-US')} |`),
    '',
  );
  return { rows, notes, details };
}
