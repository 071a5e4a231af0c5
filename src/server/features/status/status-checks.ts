import { and, like, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { statusDays, statusLatest } from '../../db/schema';
import type { GamePanel } from '../../integrations/panel/game-panel';
import type { Clock } from '../../lib/runtime';
import type { StatusComponentState } from '../../../shared/schemas/status';
import { HISTORY_DAYS, utcDay } from './status-math';

/** What one check of one component found. */
export interface CheckResult {
  component: string;
  label: string;
  location: string | null;
  state: StatusComponentState;
  detail: string | null;
}

export interface StatusCheckDeps {
  database: Database;
  db: Db;
  clock: Clock;
  panel: Pick<GamePanel, 'listNodes'>;
  /** Whether this process's job workers run; the checks run as a job, so they do when not given. */
  workers?: { running(): boolean };
  /** How long each remote check may take. */
  timeoutMs?: number;
}

/** A job waiting this long past its start time is stuck, not queued. */
const STUCK_JOB_MINUTES = 10;
/** A webhook received this long ago and still not processed failed us. */
const STUCK_WEBHOOK_MINUTES = 15;

function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function message(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

async function checkSite(deps: StatusCheckDeps): Promise<CheckResult> {
  const base = { component: 'site', label: 'Website and dashboard', location: null };
  try {
    await within(deps.timeoutMs ?? 5000, deps.database.query('select 1'));
    return { ...base, state: 'up', detail: null };
  } catch (err) {
    return { ...base, state: 'down', detail: `The database did not answer: ${message(err)}` };
  }
}

async function checkQueue(deps: StatusCheckDeps): Promise<CheckResult> {
  const base = { component: 'jobs', label: 'Server set-up and background jobs', location: null };
  if (deps.workers && !deps.workers.running()) return { ...base, state: 'down', detail: 'The job workers are not running.' };
  const cutoff = new Date(deps.clock.now().getTime() - STUCK_JOB_MINUTES * 60_000).toISOString();
  try {
    const rows = await deps.database.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where state in ('created','retry') and start_after < $1::timestamptz",
      [cutoff],
    );
    const stuck = rows[0]?.n ?? 0;
    if (stuck > 0) return { ...base, state: 'degraded', detail: `${stuck} job(s) waiting more than ${STUCK_JOB_MINUTES} minutes.` };
    return { ...base, state: 'up', detail: null };
  } catch (err) {
    return { ...base, state: 'down', detail: `The job queue could not be read: ${message(err)}` };
  }
}

async function checkPayments(deps: StatusCheckDeps): Promise<CheckResult> {
  const base = { component: 'payments', label: 'Payments', location: null };
  const now = deps.clock.now().getTime();
  const stuckBefore = new Date(now - STUCK_WEBHOOK_MINUTES * 60_000).toISOString();
  const since = new Date(now - 24 * 3_600_000).toISOString();
  const rows = await deps.database.query<{ stuck: number; processed: number }>(
    `select count(*) filter (where processed_at is null and received_at < $1::timestamptz)::int as stuck,
            count(*) filter (where processed_at is not null)::int as processed
       from webhook_events where received_at >= $2::timestamptz`,
    [stuckBefore, since],
  );
  const { stuck = 0, processed = 0 } = rows[0] ?? {};
  if (stuck === 0) return { ...base, state: 'up', detail: null };
  const detail = `${stuck} payment notification(s) of the last 24 hours not processed.`;
  return { ...base, state: processed > 0 ? 'degraded' : 'down', detail };
}

async function checkPanel(deps: StatusCheckDeps, knownNodes: CheckResult[]): Promise<CheckResult[]> {
  const base = { component: 'panel', label: 'Game panel', location: null };
  try {
    const nodes = await within(deps.timeoutMs ?? 10_000, deps.panel.listNodes());
    return [
      { ...base, state: 'up', detail: null },
      ...nodes.map((n): CheckResult => ({
        component: `node:${n.id}`,
        label: n.name,
        location: n.location,
        state: n.maintenance ? 'degraded' : 'up',
        detail: n.maintenance ? 'The panel has this node in maintenance mode.' : null,
      })),
    ];
  } catch (err) {
    // Nodes the panel cannot vouch for are counted down, not left out.
    const detail = `The game panel did not answer: ${message(err)}`;
    return [{ ...base, state: 'down', detail }, ...knownNodes.map((n) => ({ ...n, state: 'down' as const, detail }))];
  }
}

/** Runs every check once. The payments check needs the database, so its failure counts the site down too. */
export async function runChecks(deps: StatusCheckDeps): Promise<CheckResult[]> {
  const known = await deps.db.select().from(statusLatest).where(like(statusLatest.component, 'node:%'));
  const site = await checkSite(deps);
  const payments = site.state === 'up' ? await checkPayments(deps) : { component: 'payments', label: 'Payments', location: null, state: 'down' as const, detail: site.detail };
  const [queue, panel] = await Promise.all([checkQueue(deps), checkPanel(deps, known)]);
  return [site, queue, payments, ...panel];
}

/** Adds each result to its day's counts and keeps it as the component's latest; days past 90 are dropped. */
export async function recordChecks(deps: Pick<StatusCheckDeps, 'db' | 'clock'>, results: readonly CheckResult[]): Promise<void> {
  const now = deps.clock.now();
  const day = utcDay(now);
  await deps.db.transaction(async (tx) => {
    for (const r of results) {
      const counts = { up: r.state === 'up' ? 1 : 0, degraded: r.state === 'degraded' ? 1 : 0, down: r.state === 'down' ? 1 : 0 };
      await tx
        .insert(statusDays)
        .values({ component: r.component, day, label: r.label, location: r.location, ...counts })
        .onConflictDoUpdate({
          target: [statusDays.component, statusDays.day],
          set: {
            label: r.label,
            location: r.location,
            up: sql`${statusDays.up} + ${counts.up}`,
            degraded: sql`${statusDays.degraded} + ${counts.degraded}`,
            down: sql`${statusDays.down} + ${counts.down}`,
          },
        });
      const latest = { label: r.label, location: r.location, state: r.state, detail: r.detail, checkedAt: now };
      await tx.insert(statusLatest).values({ component: r.component, ...latest }).onConflictDoUpdate({ target: statusLatest.component, set: latest });
    }
    const oldest = utcDay(new Date(now.getTime() - (HISTORY_DAYS + 5) * 86_400_000));
    await tx.delete(statusDays).where(lt(statusDays.day, oldest));
  });
}

/** The periodic job: check, record, and answer how many components were found not up. */
export async function checkAndRecord(deps: StatusCheckDeps): Promise<number> {
  const results = await runChecks(deps);
  await recordChecks(deps, results);
  await forgetRemovedNodes(deps);
  return results.filter((r) => r.state !== 'up').length;
}

/** A node the panel no longer lists stops being shown once its latest check is a day old. */
export async function forgetRemovedNodes(deps: Pick<StatusCheckDeps, 'db' | 'clock'>): Promise<void> {
  const dayAgo = new Date(deps.clock.now().getTime() - 86_400_000);
  await deps.db.delete(statusLatest).where(and(like(statusLatest.component, 'node:%'), lt(statusLatest.checkedAt, dayAgo)));
}
