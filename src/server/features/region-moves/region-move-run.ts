import { PanelError } from '../../integrations/panel/game-panel';
import type { RegionMoveStep } from '../../db/schema';
import type { RegionMoveDeps } from './region-move-deps';
import { beginRollback, rollBack } from './region-move-rollback';
import { publish, type StepResult } from './region-move-shared';
import { steps } from './region-move-steps';
import { findMove, startStep, stepsOf, updateMove, type RegionMoveRow } from './region-moves.repository';

export { address, moveExternalId } from './region-move-shared';

/** How long one step may wait on the panel (a stop, a backup, an install) before the move gives up. */
export const STEP_TIMEOUT_MS = 30 * 60 * 1000;

async function stepTimedOut(deps: RegionMoveDeps, move: RegionMoveRow, step: RegionMoveStep): Promise<boolean> {
  const [row] = (await stepsOf(deps.db, move.id)).filter((s) => s.step === step);
  return !!row && deps.clock.now().getTime() - row.startedAt.getTime() > STEP_TIMEOUT_MS;
}

/**
 * The move job's run: carries the move as far as it can. Answers `wait` when a step waits on the
 * panel (the job looks again shortly). A failure that retrying may help throws (the job retries
 * the same step) until the last attempt; then, or at once for one it cannot help, the move rolls
 * back. Every transition is a compare-and-set on the move's status and step, so two workers on one
 * move (a dead one waking up late) never do a step's bookkeeping twice.
 */
export async function runMove(deps: RegionMoveDeps, moveId: string, options: { last: boolean }): Promise<{ wait: boolean }> {
  for (let guard = 0; guard < 20; guard += 1) {
    const move = await findMove(deps.db, moveId);
    if (!move) return { wait: false };
    if (move.status === 'rolling_back') {
      try {
        await rollBack(deps, move);
      } catch (error) {
        if (!options.last) throw error;
        deps.log.error({ err: error, moveId }, 'region move rollback failed; it needs staff attention');
        const failed = await updateMove(deps.db, move.id, { status: ['rolling_back'] }, {
          status: 'failed',
          reason: `${move.reason ?? ''} Putting the server back did not finish either; our team has been told and will fix it.`.trim(),
          updatedAt: deps.clock.now(),
        });
        if (failed) {
          publish(deps, failed);
          await deps.alerts?.raise({
            kind: 'server_needs_staff',
            subject: 'Region move stuck: the server could not be put back',
            lines: [
              `A region move failed (${move.reason ?? 'no reason recorded'}) and putting the server back on its old node failed too.`,
              `The last error: ${error instanceof Error ? error.message : String(error)}`,
              'The customer was told that our team will fix it.',
            ],
            link: `/admin/servers/${move.serverId}`,
          });
        }
      }
      return { wait: false };
    }
    if (move.status !== 'running' || !move.step) return { wait: false };
    const step = move.step;
    let result: StepResult;
    try {
      await startStep(deps.db, move.id, step, deps.clock.now());
      result = await steps[step](deps, move);
      if (result === 'wait' && (await stepTimedOut(deps, move, step))) throw new PanelError(`${step} timed out`, false, 'timeout');
    } catch (error) {
      // Our own errors (the database, a restart) are retried like the panel's passing ones.
      const final = options.last || (error instanceof PanelError && !error.retryable);
      if (!final) throw error;
      await beginRollback(deps, move, step, error);
      continue;
    }
    if (result === 'wait') return { wait: true };
  }
  return { wait: true };
}
