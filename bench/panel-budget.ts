/**
 * The panel's one client key under load (issue 20 §4, docs/decisions/048): 2,000 online servers,
 * 200 open server pages and a stream of power actions for BENCH_PANEL_MINUTES (10 by default),
 * against the panel fake at the real limit (720 a minute on Pterodactyl, 256 on Pelican with
 * BENCH_PANEL_FLAVOR=pelican), in real time: no compressed clock.
 *
 * What runs is the product's own code: two driver instances (createPterodactylPanel) sharing one
 * budget row (createPanelBudget) on PostgreSQL; the page refresh's two reads at 'refresh' priority,
 * as usage.service.ts makes them; the sampler's round (samplingRound, its share and spacing) at
 * 'background' priority, as server-maintenance.ts runs it each minute; power actions at the
 * default priority. The fake runs in a child process (bench/panel-fake.ts), standing for a remote
 * panel. Every Client API answer is counted here by priority.
 *
 * Part of `npm run bench`; alone: `npx tsx bench/panel-budget.ts`.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { samplingRound } from '../src/server/features/servers/server-maintenance';
import type { GamePanel, PanelRef } from '../src/server/integrations/panel/game-panel';
import { createPanelBudget, currentPanelPriority, withPanelPriority, type PanelPriority } from '../src/server/integrations/panel/panel-budget';
import { createPterodactylPanel } from '../src/server/integrations/panel/pterodactyl';
import { systemClock } from '../src/server/lib/runtime';
import { openTestDatabase } from '../src/server/test/test-app';

export const PANEL_BENCH = {
  servers: Number(process.env.BENCH_PANEL_SERVERS ?? 2000),
  pages: 200,
  minutes: Number(process.env.BENCH_PANEL_MINUTES ?? 10),
  flavor: (process.env.BENCH_PANEL_FLAVOR === 'pelican' ? 'pelican' : 'pterodactyl') as 'pterodactyl' | 'pelican',
  /** One power action every this many ms, on a random server. */
  powerEveryMs: 2_000,
  pageEveryMs: 10_000,
};
export const POWER_P95_BUDGET_MS = 2_000;
export const SAMPLER_SHARE_BUDGET = 0.5;

export interface PanelBenchResult {
  flavor: string;
  limit: number;
  minutes: number;
  seedMs: number;
  power: { sent: number; ok: number; failed: string[]; p50: number; p95: number; max: number };
  calls: Record<PanelPriority, number>;
  answered429: number;
  fake: { clientRequests: number; refused: number };
  pages: { refreshes: number; failed: number };
  sampler: { rounds: number; visited: number; failed: number; busiestMinute: number };
  peakPerMinute: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function measurePanelBudget(log: (line: string) => void): Promise<PanelBenchResult> {
  const { servers, pages, minutes, flavor, powerEveryMs, pageEveryMs } = PANEL_BENCH;
  const limit = flavor === 'pelican' ? 256 : 720;
  process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/panel-fake.ts'), flavor, String(servers)], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async <T>() => JSON.parse(String((await lines.next()).value)) as T;
  const seedStarted = Date.now();
  log(`    making ${servers} servers on the ${flavor} fake ...`);
  const seeded = await next<{ url: string; clientKey: string; refs: PanelRef[] }>();
  const seedMs = Date.now() - seedStarted;
  const { database, dispose } = await openTestDatabase('postgres');

  // Every Client API answer, by the priority it was asked at.
  const calls: Record<PanelPriority, number> = { action: 0, refresh: 0, background: 0 };
  const perMinute = new Map<number, number>();
  const samplerPerMinute = new Map<number, number>();
  let answered429 = 0;
  const realFetch = globalThis.fetch;
  const started = Date.now();
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const priority = currentPanelPriority();
    const response = await realFetch(input, init);
    if (String(input).includes('/api/client/')) {
      const minute = Math.floor((Date.now() - started) / 60_000);
      calls[priority] += 1;
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
      if (priority === 'background') samplerPerMinute.set(minute, (samplerPerMinute.get(minute) ?? 0) + 1);
      if (response.status === 429) answered429 += 1;
    }
    return response;
  }) as typeof fetch;

  const instance = (): GamePanel =>
    createPterodactylPanel({
      url: seeded.url,
      applicationKey: 'ptla_bench',
      clientKey: seeded.clientKey,
      flavor,
      eggs: {},
      locations: {},
      clientBudget: createPanelBudget(database.db, systemClock, { perMinute: limit, key: `bench-${started}` }),
    });
  const instances = [instance(), instance()];
  const refs = seeded.refs;
  const until = started + minutes * 60_000;
  const running = () => Date.now() < until;

  const power = { sent: 0, ok: 0, failed: [] as string[], latencies: [] as number[] };
  const pageStats = { refreshes: 0, failed: 0 };
  const sampler = { rounds: 0, visited: 0, failed: 0 };
  const powerInFlight: Promise<void>[] = [];

  async function powerStream() {
    let i = 0;
    while (running()) {
      const ref = refs[Math.floor(Math.random() * refs.length)]!;
      const panel = instances[i % 2]!;
      const signal = i % 3 === 0 ? 'restart' : i % 3 === 1 ? 'stop' : 'start';
      i += 1;
      power.sent += 1;
      const t0 = Date.now();
      powerInFlight.push(
        panel.power(ref, signal).then(
          () => {
            power.ok += 1;
            power.latencies.push(Date.now() - t0);
          },
          (error: unknown) => void power.failed.push(String(error)),
        ),
      );
      await sleep(powerEveryMs);
    }
  }

  async function page(n: number) {
    const ref = refs[n]!;
    const panel = instances[n % 2]!;
    await sleep((n / pages) * pageEveryMs);
    while (running()) {
      const t0 = Date.now();
      try {
        await withPanelPriority('refresh', () => Promise.all([panel.resources(ref), panel.listBackups(ref)]));
        pageStats.refreshes += 1;
      } catch {
        pageStats.failed += 1;
      }
      await sleep(Math.max(0, pageEveryMs - (Date.now() - t0)));
    }
  }

  // The sampler's round as server-maintenance.ts runs it: once a minute (pg-boss's cron fires it
  // on one instance), its share, spaced across 50 s.
  async function samplerRounds() {
    const online = refs.map((r) => ({ ...r, id: r.panelServerId.padStart(8, '0'), status: 'online' }));
    while (running()) {
      const roundStart = Date.now();
      const panel = instances[sampler.rounds % 2]!;
      const perMin = panel.samplesPerMinute;
      const round = samplingRound(online, perMin, Math.floor(roundStart / 60_000));
      const spacing = perMin ? 50_000 / Math.max(round.length, perMin) : 0;
      sampler.rounds += 1;
      await withPanelPriority('background', async () => {
        for (const [i, ref] of round.entries()) {
          if (!running() || Date.now() - roundStart > 50_000) break;
          const due = roundStart + i * spacing;
          if (due > Date.now()) await sleep(due - Date.now());
          try {
            await panel.resources(ref);
            sampler.visited += 1;
          } catch {
            sampler.failed += 1;
          }
        }
      });
      await sleep(Math.max(0, 60_000 - (Date.now() - roundStart)));
    }
  }

  log(`    ${minutes} min: ${pages} pages every ${pageEveryMs / 1000} s, a power action every ${powerEveryMs / 1000} s, the sampler each minute ...`);
  const ticker = setInterval(() => {
    log(`    ${Math.round((Date.now() - started) / 1000)} s: power ${power.ok}/${power.sent} (${power.failed.length} failed), calls ${JSON.stringify(calls)}, 429s ${answered429}`);
  }, 60_000);
  await Promise.all([powerStream(), samplerRounds(), ...Array.from({ length: pages }, (_, n) => page(n))]);
  await Promise.all(powerInFlight);
  clearInterval(ticker);
  globalThis.fetch = realFetch;

  child.stdin!.write('stats\n');
  const fake = await next<{ clientRequests: number; refused: number }>();
  child.stdin!.write('exit\n');
  await dispose();

  const fullMinutes = [...perMinute.entries()].filter(([m]) => m < minutes).map(([, n]) => n);
  return {
    flavor,
    limit,
    minutes,
    seedMs,
    power: {
      sent: power.sent,
      ok: power.ok,
      failed: power.failed,
      p50: percentile(power.latencies, 50),
      p95: percentile(power.latencies, 95),
      max: Math.max(0, ...power.latencies),
    },
    calls,
    answered429,
    fake,
    pages: pageStats,
    sampler: { ...sampler, busiestMinute: Math.max(0, ...samplerPerMinute.values()) },
    peakPerMinute: Math.max(0, ...fullMinutes),
  };
}

export function panelBudgetRows(r: PanelBenchResult) {
  const verdict = (ok: boolean) => (ok ? 'PASS' : '**FAIL**');
  const lost = r.power.sent - r.power.ok;
  const samplerShare = r.sampler.busiestMinute / r.limit;
  return {
    ok: lost === 0 && r.power.p95 < POWER_P95_BUDGET_MS && samplerShare < SAMPLER_SHARE_BUDGET,
    rows: [
      {
        measurement: `Panel budget (${r.flavor}, ${r.limit}/min): power actions lost, ${PANEL_BENCH.servers} servers, ${PANEL_BENCH.pages} pages, ${r.minutes} min`,
        value: `${lost} of ${r.power.sent}${r.power.failed.length ? ` (${r.power.failed.slice(0, 2).join('; ')})` : ''}`,
        budget: '0',
        result: verdict(lost === 0),
      },
      {
        measurement: '  power action latency',
        value: `p50 ${r.power.p50} ms, p95 ${r.power.p95} ms, max ${r.power.max} ms`,
        budget: `p95 < ${POWER_P95_BUDGET_MS} ms`,
        result: verdict(r.power.p95 < POWER_P95_BUDGET_MS),
      },
      {
        measurement: '  sampler share of the panel limit (busiest minute)',
        value: `${r.sampler.busiestMinute} calls (${(samplerShare * 100).toFixed(1)}%); ${r.sampler.visited} samples in ${r.sampler.rounds} rounds`,
        budget: `< ${SAMPLER_SHARE_BUDGET * 100}%`,
        result: verdict(samplerShare < SAMPLER_SHARE_BUDGET),
      },
      {
        measurement: '  Client API calls, 429s',
        value: `${r.calls.action} action, ${r.calls.refresh} refresh, ${r.calls.background} sampler; busiest minute ${r.peakPerMinute}; 429 answered ${r.answered429} (fake refused ${r.fake.refused} of ${r.fake.clientRequests})`,
        budget: '—',
        result: '—',
      },
    ],
    note: `Panel budget: the ${r.flavor} fake in its own process at its real limit (${r.limit} a minute, fixed windows), ${PANEL_BENCH.servers} servers made through the Application API in ${(r.seedMs / 1000).toFixed(0)} s; then ${r.minutes} minutes in real time of ${PANEL_BENCH.pages} open pages (each refresh reads usage and backups at 'refresh' priority, every ${PANEL_BENCH.pageEveryMs / 1000} s; ${r.pages.refreshes} refreshes, ${r.pages.failed} failed), a power action every ${PANEL_BENCH.powerEveryMs / 1000} s on a random server, and the sampler's round each minute, through two driver instances sharing one budget row on PostgreSQL. Samples are not written to the database here (the round's panel calls are what the budget sees).`,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await measurePanelBudget((line) => console.log(line));
  const report = panelBudgetRows(result);
  for (const row of report.rows) console.log(`${row.measurement}: ${row.value} (budget ${row.budget}) ${row.result}`);
  console.log(report.note);
  process.exit(report.ok ? 0 : 1);
}
