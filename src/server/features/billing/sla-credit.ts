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
  /** What was refunded of the period, in the same terms as amountCents (the share of its payment). */
  refundedCents: number;
}

export interface MonthFee {
  /** The periods' amounts before refunds, in proportion to the time of them in the month. */
  paidCents: number;
  /** The part of that refunded since. */
  refundedCents: number;
  /** What the customer paid for the month and kept paid: paid less refunded, never below zero. */
  feeCents: number;
}

/**
 * What the customer paid for the month: each paid period's amount, less what was refunded of it,
 * in proportion to the part of the period that falls in the month. Rounded down, so the fee never
 * exceeds what was paid. A month split across two periods takes a share of each; a month the
 * server existed for only in part takes only that part.
 */
export function monthFee(periods: readonly PaidPeriod[], month: Range): MonthFee {
  let paid = 0;
  let kept = 0;
  for (const p of periods) {
    const length = p.end.getTime() - p.start.getTime();
    if (length <= 0 || p.amountCents <= 0) continue;
    const share = overlapMs(p, month) / length;
    paid += p.amountCents * share;
    kept += Math.max(0, p.amountCents - Math.max(0, p.refundedCents)) * share;
  }
  // A hair of tolerance so that a share that is whole on paper (1400 × 15/30) is not floored to 699.
  const paidCents = Math.floor(paid + 1e-9);
  const feeCents = Math.min(paidCents, Math.floor(kept + 1e-9));
  return { paidCents, refundedCents: paidCents - feeCents, feeCents };
}

/** The month's fee after refunds (see monthFee). */
export function monthFeeCents(periods: readonly PaidPeriod[], month: Range): number {
  return monthFee(periods, month).feeCents;
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
  /**
   * Days with both announced maintenance and down checks: the counts are per day, so down checks
   * outside the window but on the same day may have been left out as maintenance.
   */
  maintenanceDownDays: string[];
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
 * On a day the server existed for only in part, the day's counts are scaled to that part (the
 * counts are per day, so which hours were down is not known). The checks run once a minute, so on
 * a day announced maintenance covered for M minutes, up to M down checks are left out. Time
 * without checks counts neither way, and no checks at all is no uptime (null), never 100%.
 */
export function measureNode(days: readonly DayCounts[], service: Range, maintenance: readonly Range[]): NodeMeasure {
  let answering = 0;
  let down = 0;
  let excludedDown = 0;
  const maintenanceDownDays: string[] = [];
  for (const d of days) {
    const range = dayRange(d.day);
    const existed = overlapMs(range, service);
    if (existed === 0) continue;
    const share = existed / DAY_MS;
    const inService = { start: new Date(Math.max(range.start.getTime(), service.start.getTime())), end: new Date(Math.min(range.end.getTime(), service.end.getTime())) };
    const covered = coveredMinutes(inService, maintenance);
    const dayDown = d.down * share;
    answering += (d.up + d.degraded) * share;
    down += dayDown;
    excludedDown += Math.min(dayDown, covered);
    if (covered > 0 && d.down > 0) maintenanceDownDays.push(d.day);
  }
  const whole = (n: number) => Math.round(n * 1e6) / 1e6;
  answering = whole(answering);
  down = whole(down);
  excludedDown = whole(excludedDown);
  const counted = answering + down - excludedDown;
  return {
    checks: Math.round(answering + down),
    expectedChecks: Math.floor(overlapMs(service, service) / MINUTE_MS),
    answering: Math.round(answering),
    down: Math.round(down),
    excludedDown: Math.round(excludedDown),
    uptimePercent: counted <= 0 ? null : Math.floor((answering / counted) * 10_000 + 1e-9) / 100,
    maintenanceDownDays,
  };
}

/** The credit the rules give for a month's uptime: the tier's percent of the fee, rounded down, never past the cap. */
export function slaCredit(feeCents: number, uptimePercent: number, rules: Pick<BusinessRules, 'slaCredits' | 'slaCreditCapPercent'>) {
  const percent = slaCreditPercent(uptimePercent, rules);
  const cap = slaCapCents(feeCents, rules);
  return { percent, cents: Math.max(0, Math.min(cap, Math.floor((feeCents * percent) / 100))) };
}

/** The most a month's SLA credit can be: the cap's share of the month's fee, rounded down. */
export function slaCapCents(feeCents: number, rules: Pick<BusinessRules, 'slaCreditCapPercent'>): number {
  return Math.max(0, Math.floor((feeCents * rules.slaCreditCapPercent) / 100));
}
