/**
 * Lighthouse on the public pages: its default mobile profile (simulated slow 4G and a 4× slower
 * CPU), driving Debian's Chromium with the journeys' flags. Each page is audited three times and
 * each category's score is the median of the three.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, PAGES } from './js-budget';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];
export const RUNS = 3;

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
} as const;

export interface LighthouseRun {
  scores: Record<Category, number>;
  metrics: Record<keyof typeof METRICS, number>;
  /** Audits that lost points, with their score, for the report. */
  flagged: string[];
}

export interface PageAudit {
  page: string;
  runs: LighthouseRun[];
  /** Per category, the median of the runs' scores (0–100). */
  median: Record<Category, number>;
  medianMetrics: Record<keyof typeof METRICS, number>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs that Lighthouse could not read and ran again, as `page run n: CODE`. */
export const retries: string[] = [];

export async function auditPages(baseURL: string, pages = PAGES, log: (line: string) => void = () => {}): Promise<PageAudit[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const audits: PageAudit[] = [];
    for (const page of pages) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A run whose trace Lighthouse could not read (NO_NAVSTART and the like, on a busy
        // machine) is run again, up to three times; the retries are reported.
        let lhr: Result | undefined;
        for (let attempt = 1; !lhr; attempt++) {
          const result = await lighthouse(baseURL + page, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
          if (!result.lhr.runtimeError) lhr = result.lhr;
          else if (attempt >= 3) throw new Error(`Lighthouse on ${page}: ${result.lhr.runtimeError.message}`);
          else {
            retries.push(`${page} run ${i + 1}: ${result.lhr.runtimeError.code}`);
            log(`    ${page} run ${i + 1}: ${result.lhr.runtimeError.code}, run again`);
          }
        }
        const scores = Object.fromEntries(
          CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
        ) as Record<Category, number>;
        const metrics = Object.fromEntries(
          Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? NaN]),
        ) as Record<keyof typeof METRICS, number>;
        const counted = new Set(CATEGORIES.flatMap((c) => lhr.categories[c]?.auditRefs.filter((r) => r.weight > 0).map((r) => r.id) ?? []));
        const flagged = Object.values(lhr.audits)
          .filter((a) => counted.has(a.id) && a.score !== null && a.score < 1)
          .map((a) => `${a.id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`);
        const consoleErrors = (lhr.audits['errors-in-console']?.details as { items?: { source?: string; description?: string }[] } | undefined)?.items ?? [];
        for (const e of consoleErrors) flagged.push(`console ${e.source ?? ''}: ${(e.description ?? '').slice(0, 200)}`);
        runs.push({ scores, metrics, flagged });
        log(`    ${page} run ${i + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(', ')}${flagged.length ? `; lost points: ${flagged.join(', ')}` : ''}`);
      }
      audits.push({
        page,
        runs,
        median: Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))])) as Record<Category, number>,
        medianMetrics: Object.fromEntries(
          Object.keys(METRICS).map((k) => [k, median(runs.map((r) => r.metrics[k as keyof typeof METRICS]))]),
        ) as Record<keyof typeof METRICS, number>,
      });
    }
    return audits;
  } finally {
    chrome.kill();
  }
}
