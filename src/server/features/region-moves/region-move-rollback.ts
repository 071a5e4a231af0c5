import { eq } from 'drizzle-orm';
import { regionMoveStepLabels } from '../../../shared/schemas/region-moves';
import { servers, type RegionMoveStep } from '../../db/schema';
import { PanelError } from '../../integrations/panel/game-panel';
import { refundRemainder } from '../billing';
import { lockServer, moveStatus } from '../servers';
import type { RegionMoveDeps } from './region-move-deps';
import { said } from '../../lib/activity';
import { activity, moveExternalId, oldRef, publish, sendEmail } from './region-move-shared';
import { endStep, stepsOf, updateMove, type RegionMoveRow } from './region-moves.repository';

/** The customer's words for what went wrong at a step. */
function failureWords(step: RegionMoveStep, error: unknown): string {
  const what = regionMoveStepLabels[step].toLowerCase();
  if (error instanceof PanelError && error.code === 'no_capacity') return 'The new location filled up before the server could be created there.';
  if (error instanceof PanelError && error.code === 'backup_limit') return 'The server has no free backup slot for the move. Delete an old backup, then try again.';
  if (error instanceof PanelError && error.code === 'timeout') return `The game panel took too long to ${what}.`;
  // A region move's download of the backup (decision 051): the driver's words are written for the customer or named here.
  if (error instanceof PanelError && error.code === 'disk_too_small') return error.message.startsWith('This server') ? error.message : "The server's files and their backup archive did not fit on the plan's disk in the new location.";
  if (error instanceof PanelError && error.code === 'pull_failed') return "The new location stopped receiving the server's files, so the move was stopped.";
  if (error instanceof PanelError && (error.code === 'remote_download_disabled' || error.code === 'pull_refused')) {
    return "The new location refused to receive the server's files. Our team has been told and will fix it.";
  }
  return `The game panel could not ${what}.`;
}

/** A step failed for good: the move turns to rolling back (once), with the reason recorded on the step. */
export async function beginRollback(deps: RegionMoveDeps, move: RegionMoveRow, step: RegionMoveStep, error: unknown) {
  const now = deps.clock.now();
  const words = failureWords(step, error);
  deps.log.error({ err: error, moveId: move.id, serverId: move.serverId, step }, 'region move step failed; rolling back');
  const moved = await deps.db.transaction(async (tx) => {
    const row = await updateMove(tx, move.id, { status: ['running'], step }, { status: 'rolling_back', reason: `${words} The server stays in ${move.fromLabel}.`, updatedAt: now });
    if (row) await endStep(tx, move.id, step, 'failed', now, words);
    return !!row;
  });
  publish(deps, move);
  if (moved && error instanceof PanelError && (error.code === 'remote_download_disabled' || error.code === 'pull_refused')) {
    await deps.alerts?.raise({
      kind: 'server_needs_staff',
      subject: `Region moves to ${move.toLabel} cannot work`,
      lines: [
        `The game panel's node in ${move.toLabel} refused to download a server's backup: ${error.message}`,
        error.code === 'remote_download_disabled'
          ? 'Its Wings config.yml sets api.disable_remote_download: true. Set it to false and restart Wings, or no server can move there.'
          : 'Look at that node\'s Wings log for the refusal.',
        `The move was rolled back and the server stays in ${move.fromLabel}.`,
      ],
      link: `/admin/servers/${move.serverId}`,
    });
  }
}

/**
 * Puts everything back: the address points at the old server again, the half-made new server is
 * deleted, the move's backup removed, the old server started, and a charge refunded. Each part can
 * run again safely, so a retried job picks up where the last one stopped.
 */
export async function rollBack(deps: RegionMoveDeps, move: RegionMoveRow) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockServer(tx, move.serverId);
    if (locked && locked.panelServerId !== move.oldPanelServerId) {
      await tx
        .update(servers)
        .set({
          panelServerId: move.oldPanelServerId,
          panelIdentifier: move.oldIdentifier,
          panelUrl: move.oldPanelUrl,
          ip: move.oldIp,
          port: move.oldPort,
          location: move.fromLocation,
          updatedAt: now,
        })
        .where(eq(servers.id, move.serverId));
    }
  });
  const made = move.newPanelServerId ?? (await deps.panel.findServer(moveExternalId(move)))?.panelServerId ?? null;
  if (made && made !== move.oldPanelServerId) await deps.panel.deleteServer(made);
  if (move.backupId) {
    await deps.panel.deleteBackup(oldRef(move), move.backupId).catch((error: unknown) => deps.log.warn({ err: error, moveId: move.id }, 'could not delete the move backup'));
  }
  const { state } = await deps.panel.resources(oldRef(move));
  if (state === 'offline' || state === 'stopping') {
    await deps.panel.power(oldRef(move), 'start');
    await moveStatus(deps.db, move.serverId, ['online', 'offline', 'stopping'], 'starting', now);
  }
  if (move.orderId && move.invoiceId) {
    // Refunded first: the move is marked only once the money is back (a retry refunds nothing twice).
    await refundRemainder(deps, move.orderId, `The move to ${move.toLabel} could not be made, so its payment was refunded.`);
  }
  const ended = await deps.db.transaction(async (tx) => {
    const row = await updateMove(tx, move.id, { status: ['rolling_back'] }, { status: 'rolled_back', step: null, completedAt: now, updatedAt: now });
    if (!row) return null;
    for (const s of await stepsOf(tx, move.id)) {
      if (s.status === 'done' || s.status === 'running') await endStep(tx, move.id, s.step, s.status === 'done' ? 'undone' : 'failed', now, s.detail);
    }
    return row;
  });
  if (!ended) return;
  const refunded = !!move.invoiceId && move.grossCents > 0;
  const why = { to: ended.toLabel, reason: ended.reason ?? 'A step failed.' };
  await activity(
    deps,
    ended,
    refunded ? said('activity.move.rolledBackRefunded', why, { money: { amount: { cents: move.grossCents, currency: move.currency } } }) : said('activity.move.rolledBack', why),
    refunded ? 'refund' : 'server',
  );
  await sendEmail(deps, ended, 'rolled_back');
  publish(deps, ended, ['servers', 'billing']);
}

