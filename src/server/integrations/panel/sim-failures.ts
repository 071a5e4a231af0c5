import { PanelError } from './game-panel';

/**
 * Failures a test asks the simulated panel to make at a named step: the panel method's name
 * ('createBackup', 'reinstall', 'restoreBackup', 'createServer', 'deleteServer', 'power', ...),
 * or 'reinstall.install' for a reinstall that is accepted and whose install script then fails.
 * Kept in memory: they belong to the process (and the test) that asked for them.
 */
export interface SimFailures {
  /** The next `times` calls of `step` fail with a PanelError, as the real driver's would. */
  inject(step: string, times?: number, options?: { retryable?: boolean; status?: number }): void;
  /** Throws the injected failure for this step, if one is left. */
  maybeFail(step: string): void;
  /** Takes one injected failure of the step without throwing; answers whether there was one. */
  take(step: string): boolean;
  /** How many injected failures of the step are left. */
  left(step: string): number;
  clear(): void;
}

export function createSimFailures(): SimFailures {
  const pending = new Map<string, { times: number; retryable: boolean; status: number }>();

  function take(step: string) {
    const found = pending.get(step);
    if (!found || found.times <= 0) return null;
    found.times -= 1;
    if (found.times === 0) pending.delete(step);
    return found;
  }

  return {
    inject(step, times = 1, options = {}) {
      if (!step.trim()) throw new Error('sim panel: a failure needs a step name');
      if (!Number.isInteger(times) || times < 0) throw new Error('sim panel: times must be a whole number');
      if (times === 0) pending.delete(step);
      else pending.set(step, { times, retryable: options.retryable ?? false, status: options.status ?? 500 });
    },
    maybeFail(step) {
      const found = take(step);
      if (found) throw new PanelError(`simulated panel failure at ${step}`, found.retryable, 'panel_error', found.status);
    },
    take: (step) => take(step) !== null,
    left: (step) => pending.get(step)?.times ?? 0,
    clear: () => pending.clear(),
  };
}
