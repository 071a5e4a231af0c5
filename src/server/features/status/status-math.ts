import type { StatusComponentState, StatusDayState } from '../../../shared/schemas/status';

/** One component's checks on one UTC day. */
export interface DayCounts {
  day: string;
  up: number;
  degraded: number;
  down: number;
}

export const HISTORY_DAYS = 90;

/** A day's bar is its worst check: one check that found it down makes the day 'down'. */
export function dayState(c: Pick<DayCounts, 'up' | 'degraded' | 'down'>): StatusDayState {
  if (c.up + c.degraded + c.down === 0) return 'none';
  if (c.down > 0) return 'down';
  if (c.degraded > 0) return 'degraded';
  return 'up';
}

/**
 * The share of checks that found the component answering (up or degraded), in percent, rounded
 * down to two decimals so one failed check never shows as 100%. null when there are no checks.
 */
export function uptimePercent(days: readonly Pick<DayCounts, 'up' | 'degraded' | 'down'>[]): number | null {
  let answering = 0;
  let total = 0;
  for (const d of days) {
    answering += d.up + d.degraded;
    total += d.up + d.degraded + d.down;
  }
  if (total === 0) return null;
  return Math.floor((answering / total) * 10_000) / 100;
}

/** The UTC day of an instant, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The `count` UTC days ending with today's, oldest first. */
export function lastDays(today: Date, count = HISTORY_DAYS): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: count }, (_, i) => utcDay(new Date(end - (count - 1 - i) * 86_400_000)));
}

/** The 90 bars of one component, oldest first; a day without checks is 'none', never 'up'. */
export function dailyBars(today: Date, rows: readonly DayCounts[], count = HISTORY_DAYS): { day: string; state: StatusDayState }[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return lastDays(today, count).map((day) => {
    const r = byDay.get(day);
    return { day, state: r ? dayState(r) : 'none' };
  });
}

const rank: Record<StatusComponentState, number> = { up: 0, degraded: 1, down: 2 };

/** The worst of the components' current states; null when none was checked yet. */
export function worstState(states: readonly (StatusComponentState | null)[]): StatusComponentState | null {
  let worst: StatusComponentState | null = null;
  for (const s of states) if (s && (worst === null || rank[s] > rank[worst])) worst = s;
  return worst;
}
