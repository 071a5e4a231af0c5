import { slaCreditPercent, type BusinessRules } from '../../../shared/business-rules';

// The SLA credit's rules as plain functions (docs/decisions/081): the month, the claim window, the
// fee the customer paid for the month, the measured uptime of a node, and the credit they give.

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface Range {
  start: Date;
  end: Date;
}

/** A 'YYYY-MM' month as its UTC start (inclusive) and end (exclusive). */
export function monthRange(month: string): Range {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, m - 1, 1)), end: new Date(Date.UTC(year, m, 1)) };
}

/** "October 2026", in the reader's language (UTC, so the month never shifts by a time zone). */
export function monthLabel(month: string, locale = 'en'): string {
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(monthRange(month).start);
}

/** The first instant a claim for the month is too late: `withinDays` whole days after the month ends. */
export function claimClosesAt(month: string, withinDays: number): Date {
  return new Date(monthRange(month).end.getTime() + withinDays * DAY_MS);
}

function overlapMs(a: Range, b: Range): number {
  return Math.max(0, Math.min(a.end.getTime(), b.end.getTime()) - Math.max(a.start.getTime(), b.start.getTime()));
}

export interface PaidPeriod extends Range {
  amountCents: number;
}

/**
 * What the customer paid for the month: each paid period's amount in proportion to the part of it
 * that falls in the month, rounded to whole minor units. A month split across two periods takes a
 * share of each; a month the server existed for only in part takes only that part.
 */
export function monthFeeCents(periods: readonly PaidPeriod[], month: Range): number {
  let total = 0;
  for (const p of periods) {
    const length = p.end.getTime() - p.start.getTime();
    if (length <= 0 || p.amountCents <= 0) continue;
    total += (p.amountCents * overlapMs(p, month)) / length;
  }
  return Math.round(total);
}

export interface DayCounts {
  day: string;
  up: number;
  degraded: number;
  down: number;
}

export interface NodeMeasure {
  checks: number;
  expectedChecks: number;
  answering: number;
  down: number;
  excludedDown: number;
  uptimePercent: number | null;
}

function dayRange(day: string): Range {
  const start = new Date(`${day}T00:00:00Z`);
  return { start, end: new Date(start.getTime() + DAY_MS) };
}

/** Whole minutes of `day` that the windows cover, overlaps counted once. */
function coveredMinutes(day: Range, windows: readonly Range[]): number {
  const parts = windows
    .map((w) => ({ start: Math.max(w.start.getTime(), day.start.getTime()), end: Math.min(w.end.getTime(), day.end.getTime()) }))
    .filter((w) => w.end > w.start)
    .sort((a, b) => a.start - b.start);
  let covered = 0;
  let reached = -Infinity;
  for (const p of parts) {
    const from = Math.max(p.start, reached);
    if (p.end > from) covered += p.end - from;
    reached = Math.max(reached, p.end);
  }
  return Math.floor(covered / MINUTE_MS);
}

/**
 * A node's uptime over `service` (the part of the month the server existed) from the status
 * checks' daily counts: answering (up or degraded, as the status page counts them) over all checks.
 * The checks run once a minute, so on a day announced maintenance covered for M minutes, up to M
 * down checks are left out. Days are whole UTC days; time without checks counts neither way, and
 * no checks at all is no uptime (null), never 100%.
 */
export function measureNode(days: readonly DayCounts[], service: Range, maintenance: readonly Range[]): NodeMeasure {
  let answering = 0;
  let down = 0;
  let excludedDown = 0;
  for (const d of days) {
    const range = dayRange(d.day);
    if (overlapMs(range, service) === 0) continue;
    const inService = { start: new Date(Math.max(range.start.getTime(), service.start.getTime())), end: new Date(Math.min(range.end.getTime(), service.end.getTime())) };
    const excluded = Math.min(d.down, coveredMinutes(inService, maintenance));
    answering += d.up + d.degraded;
    down += d.down;
    excludedDown += excluded;
  }
  const counted = answering + down - excludedDown;
  return {
    checks: answering + down,
    expectedChecks: Math.floor(overlapMs(service, service) / MINUTE_MS),
    answering,
    down,
    excludedDown,
    uptimePercent: counted === 0 ? null : Math.floor((answering / counted) * 10_000) / 100,
  };
}

/** The credit the rules give for a month's uptime: the tier's percent of the fee, rounded down, never past the cap. */
export function slaCredit(feeCents: number, uptimePercent: number, rules: Pick<BusinessRules, 'slaCredits' | 'slaCreditCapPercent'>) {
  const percent = slaCreditPercent(uptimePercent, rules);
  const cap = Math.floor((feeCents * rules.slaCreditCapPercent) / 100);
  return { percent, cents: Math.max(0, Math.min(cap, Math.floor((feeCents * percent) / 100))) };
}
