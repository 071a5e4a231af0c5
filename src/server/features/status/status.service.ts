import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { locations } from '../../db/schema';
import type { Clock } from '../../lib/runtime';
import type { PublicStatus, StatusComponent } from '../../../shared/schemas/status';
import { dailyBars, HISTORY_DAYS, lastDays, uptimePercent, worstState } from './status-math';
import { daysSince, latestChecks, listIncidents } from './status.repository';

/** The fixed components come first, in this order; panel nodes follow by name. */
const order = ['site', 'panel', 'payments', 'jobs'];
const STALE_MS = 5 * 60_000;

/** The public status page's data: every component's state now, 90 daily bars and uptime, and the incidents. */
export async function publicStatus(deps: { db: Db; clock: Clock }): Promise<PublicStatus> {
  const now = deps.clock.now();
  const firstDay = lastDays(now, HISTORY_DAYS)[0] ?? '';
  const [latest, days, incidents, places] = await Promise.all([
    latestChecks(deps.db),
    daysSince(deps.db, firstDay),
    listIncidents(deps.db, { closedSince: new Date(now.getTime() - 14 * 86_400_000), limit: 50 }),
    deps.db.select({ value: locations.value, label: locations.label }).from(locations),
  ]);
  const components: StatusComponent[] = latest.map((l) => {
    const mine = days.filter((d) => d.component === l.component);
    // The checks run as a job: no check for 5 minutes means the job queue itself stopped.
    const stale = now.getTime() - l.checkedAt.getTime() > STALE_MS;
    return {
      id: l.component,
      label: l.label,
      location: l.location,
      state: stale && l.component === 'jobs' ? 'down' : l.state,
      checkedAt: l.checkedAt.toISOString(),
      uptime: uptimePercent(mine),
      days: dailyBars(now, mine),
    };
  });
  // A fixed component never checked yet is still listed, as no data.
  const labels: Record<string, string> = { site: 'Website and dashboard', panel: 'Game panel', payments: 'Payments', jobs: 'Server set-up and background jobs' };
  for (const id of order) {
    if (!components.some((c) => c.id === id)) {
      components.push({ id, label: labels[id] ?? id, location: null, state: null, checkedAt: null, uptime: null, days: dailyBars(now, []) });
    }
  }
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  components.sort((a, b) => rank(a.id) - rank(b.id) || a.label.localeCompare(b.label));
  // Only the locations the page names (a node's, a notice's): a hidden location the host has not announced stays unnamed.
  const named = new Set([...components.map((c) => c.location), ...incidents.flatMap((i) => i.locations)]);
  const locationNames = Object.fromEntries(places.filter((p) => named.has(p.value)).map((p) => [p.value, p.label]));
  return { overall: worstState(components.map((c) => c.state)), generatedAt: now.toISOString(), components, incidents, locationNames };
}

/** Answers from memory for `ttlMs`: the page is public, and a burst of visitors makes one query. */
export function cachedStatus(deps: { db: Db; clock: Clock }, ttlMs = 15_000) {
  let cached: { at: number; value: Promise<{ status: PublicStatus; etag: string }> } | null = null;
  return {
    /** The answer and its ETag (weak: compression varies the bytes), worked out once per answer kept. */
    get(): Promise<{ status: PublicStatus; etag: string }> {
      const t = deps.clock.now().getTime();
      if (!cached || t - cached.at >= ttlMs) {
        const value = publicStatus(deps).then((status) => ({
          status,
          etag: `W/"${createHash('sha256').update(JSON.stringify(status)).digest('base64url').slice(0, 22)}"`,
        }));
        cached = { at: t, value };
        value.catch(() => {
          if (cached?.value === value) cached = null;
        });
      }
      return cached.value;
    },
    /** Staff changed an incident: the next visitor sees it at once on this instance. */
    clear() {
      cached = null;
    },
  };
}
export type StatusCache = ReturnType<typeof cachedStatus>;
