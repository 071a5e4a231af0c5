import type { GamePanel, PanelBackup, PanelRef, PanelResources } from './game-panel';
import { currentPanelPriority, PanelBudgetBusy, unlessBudgetBusy, type PanelBudget, type PanelPriority } from './panel-budget';

type Reads = Pick<GamePanel, 'power' | 'resources' | 'listBackups' | 'createBackup' | 'deleteBackup' | 'restoreBackup' | 'copyBackup'>;

/**
 * The Client API's reads that pages and the sampler repeat, answered from what was last read when
 * it is recent enough for the caller (docs/decisions/048):
 *
 * - a customer's action always reads the panel;
 * - a page refresh takes usage up to 20 s old (the panel caches /resources for 20 s itself, so
 *   asking sooner returns the same numbers) and the backup list up to 60 s old;
 * - the sampler takes usage up to 60 s old, so a server whose page is open costs it nothing.
 *
 * Past that, a refresh or the sampler asks the panel only if the budget has room now; if it has
 * not, the last answer (up to 10 minutes old) stands in. Concurrent reads of one server share one call.
 */
const FRESH_MS: Record<PanelPriority, { resources: number; backups: number }> = {
  action: { resources: 0, backups: 0 },
  refresh: { resources: 20_000, backups: 60_000 },
  background: { resources: 60_000, backups: 60_000 },
};
const STALE_MS = 10 * 60_000;

interface Entry<T> {
  at: number;
  value: T;
}

function readCache<T>(now: () => number) {
  const entries = new Map<string, Entry<T>>();
  const inFlight = new Map<string, Promise<T>>();
  return {
    async read(id: string, freshMs: number, fetch: () => Promise<T>): Promise<T> {
      const cached = entries.get(id);
      const age = cached ? now() - cached.at : Infinity;
      if (cached && age < freshMs) return cached.value;
      // An action never joins a refresh's call, which may answer the stale value.
      const running = freshMs > 0 ? inFlight.get(id) : undefined;
      if (running) return running;
      const canFallBack = cached !== undefined && age < STALE_MS && freshMs > 0;
      const call = (canFallBack ? unlessBudgetBusy(fetch) : fetch()).then(
        (value) => {
          entries.set(id, { at: now(), value });
          return value;
        },
        (error: unknown) => {
          if (error instanceof PanelBudgetBusy && cached) return cached.value;
          throw error;
        },
      );
      if (freshMs > 0) inFlight.set(id, call);
      try {
        return await call;
      } finally {
        inFlight.delete(id);
      }
    },
    forget(id: string) {
      entries.delete(id);
    },
  };
}

export function withBudgetedReads<M extends Reads>(inner: M, budget: PanelBudget | undefined, now: () => number = Date.now): M & { samplesPerMinute?: number } {
  if (!budget) return inner;
  const usage = readCache<PanelResources>(now);
  const backups = readCache<PanelBackup[]>(now);
  return {
    ...inner,
    samplesPerMinute: budget.samplesPerMinute,

    async power(ref: PanelRef, signal) {
      usage.forget(ref.identifier);
      await inner.power(ref, signal);
    },
    resources(ref: PanelRef) {
      return usage.read(ref.identifier, FRESH_MS[currentPanelPriority()].resources, () => inner.resources(ref));
    },
    listBackups(ref: PanelRef) {
      return backups.read(ref.identifier, FRESH_MS[currentPanelPriority()].backups, () => inner.listBackups(ref));
    },
    async createBackup(ref: PanelRef, input) {
      backups.forget(ref.identifier);
      try {
        return await inner.createBackup(ref, input);
      } finally {
        backups.forget(ref.identifier);
      }
    },
    async deleteBackup(ref: PanelRef, backupId) {
      await inner.deleteBackup(ref, backupId);
      backups.forget(ref.identifier);
    },
    async restoreBackup(ref: PanelRef, backupId) {
      backups.forget(ref.identifier);
      usage.forget(ref.identifier);
      await inner.restoreBackup(ref, backupId);
    },
    async copyBackup(from: PanelRef, backupId, to: PanelRef) {
      usage.forget(to.identifier);
      await inner.copyBackup(from, backupId, to);
    },
  };
}
