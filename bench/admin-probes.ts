/**
 * The requests the scale bench times: the customer list (sorts, filters, a later page), the
 * customer search (email, name, referral code, id; a different term every run) and the staff home.
 */
import type { App } from '../src/server/app';
import { SESSION_COOKIE } from '../src/server/features/auth/sessions';
import type { SearchTerms } from './admin-seed';

export const RUNS = 50;
const WARMUP = 5;
/** PGlite is informational: an endpoint stops early (and says so) once it has taken this long. */
const PGLITE_CAP_MS = 20_000;

export type Group = 'list' | 'search' | 'home';

export interface Probe {
  key: string;
  label: string;
  group: Group;
  url: (n: number) => string;
  /** Search: every answer should find at least one customer. */
  expectHits?: boolean;
}

export interface ProbeResult {
  key: string;
  label: string;
  group: Group;
  sampleUrl: string;
  /** Sorted, ms. */
  inject: number[];
  /** Sorted, ms; empty when not measured over HTTP. */
  http: number[];
  statuses: Record<string, number>;
  /** Search answers that found nobody. */
  misses: number;
  /** Answers that were not the contract's `{ items, total, page, pageSize }`. */
  badShape: number;
  firstProblem?: string;
  /** The first search term that found nobody. */
  firstMiss?: string;
  notBuilt: boolean;
  capped: boolean;
  trace?: {
    count: number;
    totalMs: number;
    slowest: { text: string; ms: number }[];
    explain?: { text: string; values: string[]; plan: string[] };
  };
}

const enc = encodeURIComponent;
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export function probes(terms: SearchTerms): Probe[] {
  const at = (xs: string[], n: number) => xs[n % xs.length] ?? '';
  return [
    { key: 'list', label: '`GET /api/admin/customers` (first page, default sort)', group: 'list', url: () => '/api/admin/customers' },
    { key: 'list-email', label: '`GET /api/admin/customers?sort=email_asc`', group: 'list', url: () => '/api/admin/customers?sort=email_asc' },
    { key: 'list-name', label: '`GET /api/admin/customers?sort=name_asc`', group: 'list', url: () => '/api/admin/customers?sort=name_asc' },
    { key: 'has-servers', label: '`GET /api/admin/customers?filter=has_servers`', group: 'list', url: () => '/api/admin/customers?filter=has_servers' },
    { key: 'dunning', label: '`GET /api/admin/customers?filter=dunning`', group: 'list', url: () => '/api/admin/customers?filter=dunning' },
    { key: 'suspended', label: '`GET /api/admin/customers?filter=suspended`', group: 'list', url: () => '/api/admin/customers?filter=suspended' },
    { key: 'staff', label: '`GET /api/admin/customers?filter=staff`', group: 'list', url: () => '/api/admin/customers?filter=staff' },
    { key: 'since', label: '`GET /api/admin/customers?since=<30 days ago>`', group: 'list', url: () => `/api/admin/customers?since=${daysAgo(30)}` },
    { key: 'page-40', label: '`GET /api/admin/customers?page=40`', group: 'list', url: () => '/api/admin/customers?page=40' },
    { key: 'q-email', label: '`GET /api/admin/customers?q=<email prefix>`', group: 'search', expectHits: true, url: (n) => `/api/admin/customers?q=${enc(at(terms.emailPrefixes, n))}` },
    { key: 'q-name', label: '`GET /api/admin/customers?q=<name prefix>`', group: 'search', expectHits: true, url: (n) => `/api/admin/customers?q=${enc(at(terms.namePrefixes, n))}` },
    { key: 'q-referral', label: '`GET /api/admin/customers?q=<referral code>`', group: 'search', expectHits: true, url: (n) => `/api/admin/customers?q=${enc(at(terms.referralCodes, n))}` },
    { key: 'q-id', label: '`GET /api/admin/customers?q=<uuid>`', group: 'search', expectHits: true, url: (n) => `/api/admin/customers?q=${enc(at(terms.ids, n))}` },
    { key: 'home', label: '`GET /api/admin/home` (staff home)', group: 'home', url: () => '/api/admin/home' },
  ];
}

interface Answer {
  ms: number;
  status: number;
  body: string;
}

export interface Session {
  cookie: string;
}

async function viaInject(app: App, session: Session, url: string): Promise<Answer> {
  const started = performance.now();
  const res = await app.inject({ method: 'GET', url, headers: { cookie: session.cookie } });
  const ms = performance.now() - started;
  // A rotated session token comes back as a new cookie; keep using the newest.
  const rotated = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (rotated) session.cookie = `${SESSION_COOKIE}=${rotated.value}`;
  return { ms, status: res.statusCode, body: res.body };
}

async function viaHttp(base: string, session: Session, url: string): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { cookie: session.cookie } });
  const body = await res.text();
  const ms = performance.now() - started;
  const rotated = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (rotated) session.cookie = rotated.split(';')[0]!;
  return { ms, status: res.status, body };
}

function check(probe: Probe, answer: Answer, result: ProbeResult, url: string) {
  result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
  const problem = (what: string) => {
    result.firstProblem ??= `${url}: ${what}`;
  };
  if (answer.status !== 200) return problem(`answered ${answer.status} ${answer.body.slice(0, 160)}`);
  if (probe.group === 'home') return;
  let body: { items?: unknown; total?: unknown; page?: unknown; pageSize?: unknown };
  try {
    body = JSON.parse(answer.body) as typeof body;
  } catch {
    result.badShape += 1;
    return problem('answered something that is not JSON');
  }
  if (!Array.isArray(body.items) || typeof body.total !== 'number' || typeof body.page !== 'number' || typeof body.pageSize !== 'number') {
    result.badShape += 1;
    return problem(`answered ${answer.body.slice(0, 160)} (expected { items, total, page, pageSize })`);
  }
  if (probe.expectHits && body.total === 0) {
    result.misses += 1;
    result.firstMiss ??= url;
  }
}

export async function measureProbes(options: {
  app: App;
  base?: string;
  session: Session;
  terms: SearchTerms;
  kind: 'postgres' | 'pglite';
  log: (line: string) => void;
}): Promise<ProbeResult[]> {
  const { app, base, session, terms, kind, log } = options;
  const results: ProbeResult[] = [];
  for (const probe of probes(terms)) {
    const result: ProbeResult = {
      key: probe.key,
      label: probe.label,
      group: probe.group,
      sampleUrl: probe.url(0),
      inject: [],
      http: [],
      statuses: {},
      misses: 0,
      badShape: 0,
      notBuilt: false,
      capped: false,
    };
    let n = 0;
    const first = await viaInject(app, session, probe.url(n++));
    if (first.status === 404) {
      result.notBuilt = true;
      result.statuses['404'] = 1;
      result.firstProblem = `${probe.url(0)}: answered 404 (not built yet)`;
      log(`      ${probe.key}: 404, not built yet`);
      results.push(result);
      continue;
    }
    for (let i = 1; i < WARMUP; i += 1) await viaInject(app, session, probe.url(n++));
    if (base) for (let i = 0; i < 2; i += 1) await viaHttp(base, session, probe.url(n++));
    const started = performance.now();
    for (let run = 0; run < RUNS; run += 1) {
      let url = probe.url(n++);
      const a = await viaInject(app, session, url);
      result.inject.push(a.ms);
      check(probe, a, result, url);
      if (base) {
        url = probe.url(n++);
        const b = await viaHttp(base, session, url);
        result.http.push(b.ms);
        check(probe, b, result, url);
      }
      if (kind === 'pglite' && performance.now() - started > PGLITE_CAP_MS && run >= 9) {
        result.capped = true;
        break;
      }
    }
    result.inject.sort((a, b) => a - b);
    result.http.sort((a, b) => a - b);
    const main = result.http.length ? result.http : result.inject;
    log(`      ${probe.key}: median ${median(main).toFixed(1)} ms, p95 ${percentile(main, 95).toFixed(1)} ms (${result.http.length ? 'HTTP' : 'inject'}, ${main.length} runs)`);
    results.push(result);
  }
  return results;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function median(sorted: number[]): number {
  if (sorted.length === 0) return NaN;
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1]! + sorted[mid]!) / 2 : sorted[Math.floor(mid)]!;
}

export const BUDGETS = { listMedianMs: 50, listP95Ms: 150, homeMedianMs: 200 } as const;

/** The numbers a verdict uses: over HTTP when measured, else inject(). */
export const headline = (r: ProbeResult) => (r.http.length ? r.http : r.inject);

/** true/false on PostgreSQL; undefined on PGlite (informational). */
export function probeVerdict(r: ProbeResult, kind: 'postgres' | 'pglite'): boolean | undefined {
  if (kind !== 'postgres') return undefined;
  if (r.notBuilt || r.firstProblem) return false;
  const xs = headline(r);
  if (xs.length === 0) return false;
  if (r.group === 'home') return median(xs) < BUDGETS.homeMedianMs;
  return median(xs) < BUDGETS.listMedianMs && percentile(xs, 95) < BUDGETS.listP95Ms;
}
