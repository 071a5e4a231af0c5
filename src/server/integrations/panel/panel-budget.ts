import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';
import type { Clock } from '../../lib/runtime';
import { sha256Hex } from '../../lib/secrets';

/**
 * One budget for every Client API call made with the panel's one client key, shared by every
 * instance on the database (docs/decisions/048). The panel counts the key's user in fixed one-minute
 * windows (720 a minute on Pterodactyl, 256 on Pelican); we spend a little less, as a GCRA (a token
 * bucket kept as one timestamp, the "theoretical arrival time") in a rate_limit_counters row.
 *
 * Callers take a place by priority: a customer's action may use the whole bucket; a page refresh
 * only its upper half; the usage sampler only its top quarter, plus a small lane of its own. When
 * the bucket runs low the lower priorities wait (or read a cached answer), and actions still find room.
 */
export type PanelPriority = 'action' | 'refresh' | 'background';

const priorityContext = new AsyncLocalStorage<PanelPriority>();
const skipContext = new AsyncLocalStorage<boolean>();

/** Runs `work` with every panel call inside it at `priority` (calls outside any are actions). */
export function withPanelPriority<T>(priority: PanelPriority, work: () => Promise<T>): Promise<T> {
  return priorityContext.run(priority, work);
}

export function currentPanelPriority(): PanelPriority {
  return priorityContext.getStore() ?? 'action';
}

/**
 * Runs `work` so that a call inside it finding no room in the budget throws PanelBudgetBusy at
 * once instead of waiting: for a caller that has a recent answer to fall back on.
 */
export function unlessBudgetBusy<T>(work: () => Promise<T>): Promise<T> {
  return skipContext.run(true, work);
}

/** Thrown by a `skip` acquire when the budget has no room now at the caller's priority. */
export class PanelBudgetBusy extends Error {
  constructor(readonly waitMs: number) {
    super(`panel budget busy for ${waitMs} ms`);
    this.name = 'PanelBudgetBusy';
  }
}

export interface PanelBudgetOptions {
  /** The panel's limit for the key's user, requests a minute. */
  perMinute: number;
  /** The window the panel counts in (60 s; a bench may shorten it along with the fake's). */
  windowMs?: number;
  /** Which counter row (one per panel and key). */
  key?: string;
}

export interface PanelBudget {
  readonly perMinute: number;
  /** Calls the usage sampler may make a minute: under half the panel's limit. */
  readonly samplesPerMinute: number;
  /**
   * Takes one call's place at the current priority, waiting for it (`wait`) or throwing
   * PanelBudgetBusy when there is none now (`skip`, the default inside unlessBudgetBusy).
   */
  acquire(mode?: 'wait' | 'skip'): Promise<void>;
  /** The panel answered 429: nobody on any instance calls it for `ms`. */
  pause(ms: number): Promise<void>;
}

/**
 * Of the panel's limit we spend 85 %: 75 % as a steady rate, 10 % as a burst. The rest absorbs
 * calls that reach the panel later than they were counted here, bunched into its window.
 */
const STEADY_SHARE = 0.75;
const BURST_SHARE = 0.1;
/** The share of the burst each priority may dig into. */
const TOLERANCE: Record<PanelPriority, number> = { action: 1, refresh: 0.5, background: 0.25 };
export const SAMPLER_SHARE = 0.4;
/** What the sampler is sure of even when page refreshes use everything else: 10 % of the limit. */
const SAMPLER_LANE_SHARE = 0.1;

export function createPanelBudget(db: Db, clock: Clock, options: PanelBudgetOptions): PanelBudget {
  const t = rateLimitCounters;
  const windowMs = options.windowMs ?? 60_000;
  const key = sha256Hex(options.key ?? 'panel-client-budget');
  // The emission interval: one call every `interval` ms at the steady rate.
  const interval = windowMs / Math.max(1, options.perMinute * STEADY_SHARE);
  const burst = Math.max(1, Math.floor(options.perMinute * BURST_SHARE));
  const tolerance = (p: PanelPriority) => Math.max(interval, burst * interval * TOLERANCE[p]);

  /** Takes a place in `row` if its bucket allows; else answers how long until it would. */
  async function tryTake(priority: PanelPriority, bucket = { key, interval, tolerance: tolerance(priority) }): Promise<number> {
    const { key, interval } = bucket;
    const now = clock.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const next = sql`greatest(${t.resetAt}, ${nowSql}) + ${interval}::float8 * interval '1 millisecond'`;
    const taken = await db
      .insert(t)
      .values({ key, hits: 1, resetAt: new Date(now.getTime() + interval) })
      .onConflictDoUpdate({
        target: t.key,
        set: { hits: sql`case when ${t.resetAt} <= ${nowSql} then 1 else ${t.hits} + 1 end`, resetAt: next },
        setWhere: sql`${next} - ${nowSql} <= ${bucket.tolerance}::float8 * interval '1 millisecond'`,
      })
      .returning({ hits: t.hits });
    if (taken.length > 0) return 0;
    const [row] = await db
      .select({ ahead: sql<number>`(extract(epoch from (${next} - ${nowSql})) * 1000)::float8` })
      .from(t)
      .where(sql`${t.key} = ${key}`);
    return row ? Math.max(1, Math.ceil(Number(row.ahead) - bucket.tolerance)) : 1;
  }

  // The sampler's own lane: a small share of the limit it may always have, taken out of the main
  // bucket like an action's place, so page refreshes that fill the bucket cannot starve it.
  const lane = { key: sha256Hex(`${options.key ?? 'panel-client-budget'}|sampler-lane`), interval: windowMs / Math.max(1, options.perMinute * SAMPLER_LANE_SHARE), tolerance: 0 };
  lane.tolerance = lane.interval;

  /**
   * An action waits in line instead of asking again and again: it books the next place, however
   * far ahead, and answers how long until it comes. Places booked ahead push refreshes and the
   * sampler back, so actions keep their precedence. One statement whatever the queue.
   */
  async function book(): Promise<number> {
    const now = clock.now();
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const [row] = await db
      .insert(t)
      .values({ key, hits: 1, resetAt: new Date(now.getTime() + interval) })
      .onConflictDoUpdate({
        target: t.key,
        set: {
          hits: sql`case when ${t.resetAt} <= ${nowSql} then 1 else ${t.hits} + 1 end`,
          resetAt: sql`greatest(${t.resetAt}, ${nowSql}) + ${interval}::float8 * interval '1 millisecond'`,
        },
      })
      .returning({ at: sql<number>`(extract(epoch from ${t.resetAt}) * 1000)::float8` });
    return row ? Math.max(0, Math.ceil(Number(row.at) - now.getTime() - tolerance('action'))) : 0;
  }

  return {
    perMinute: options.perMinute,
    samplesPerMinute: Math.max(1, Math.floor(options.perMinute * SAMPLER_SHARE)),

    async acquire(mode = skipContext.getStore() ? 'skip' : 'wait') {
      const priority = currentPanelPriority();
      if (priority === 'action' && mode === 'wait') {
        const waitMs = await book();
        if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
        return;
      }
      for (;;) {
        let waitMs = await tryTake(priority);
        if (waitMs === 0) return;
        if (priority === 'background') {
          const laneWait = await tryTake(priority, lane);
          if (laneWait === 0) {
            const booked = await book();
            if (booked > 0) await new Promise((resolve) => setTimeout(resolve, booked));
            return;
          }
          waitMs = Math.min(waitMs, laneWait);
        }
        if (mode === 'skip') throw new PanelBudgetBusy(waitMs);
        await new Promise((resolve) => setTimeout(resolve, Math.min(waitMs, windowMs)));
      }
    },

    async pause(ms) {
      const until = new Date(clock.now().getTime() + ms + tolerance('action'));
      await db
        .insert(t)
        .values({ key, hits: 0, resetAt: until })
        .onConflictDoUpdate({ target: t.key, set: { resetAt: sql`greatest(${t.resetAt}, excluded.reset_at)` } });
    },
  };
}
