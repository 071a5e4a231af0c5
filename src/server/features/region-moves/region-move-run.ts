import { eq } from 'drizzle-orm';
import { formatCents } from '../../../shared/money';
import { regionMoveStepLabels } from '../../../shared/schemas/region-moves';
import type { Db } from '../../db/client';
import { panelAccounts, servers, servicePriceChanges, users, type RegionMoveStep } from '../../db/schema';
import { panelBackupAllowance } from '../../integrations/panel/backup-policy';
import { PanelError, type PanelRef } from '../../integrations/panel/game-panel';
import { logActivity } from '../../lib/activity';
import { addLedgerEntry } from '../billing/ledger';
import { refundRemainder } from '../billing/refunds.service';
import { lockServer, withdrawAnnouncedChanges } from '../plan-changes/plan-changes.repository';
import { moveStatus } from '../servers/server-management.repository';
import type { RegionMoveDeps } from './region-move-deps';
import { moveDoneEmail, moveRolledBackEmail } from './region-moves.emails';
import { endStep, findMove, startStep, stepsOf, updateMove, type RegionMoveRow } from './region-moves.repository';

/** How long one step may wait on the panel (a stop, a backup, an install) before the move gives up. */
export const STEP_TIMEOUT_MS = 30 * 60 * 1000;

type StepResult = 'next' | 'wait';

const oldRef = (move: RegionMoveRow): PanelRef => ({ panelServerId: move.oldPanelServerId, identifier: move.oldIdentifier ?? move.oldPanelServerId });
const newRef = (move: RegionMoveRow): PanelRef | null =>
  move.newPanelServerId ? { panelServerId: move.newPanelServerId, identifier: move.newIdentifier ?? move.newPanelServerId } : null;

/** The panel's external id of the server made in the new location: ours, tagged with the move. */
export function moveExternalId(move: Pick<RegionMoveRow, 'id' | 'serverId'>): string {
  return `${move.serverId}.move.${move.id.slice(0, 8)}`;
}

export function moveBackupName(move: Pick<RegionMoveRow, 'id' | 'toLabel'>): string {
  return `Before the move to ${move.toLabel} (${move.id.slice(0, 8)})`;
}

export function address(ip: string | null, port: number | null): string | null {
  return ip && port ? `${ip}:${port}` : null;
}

function publish(deps: RegionMoveDeps, move: RegionMoveRow, topics: readonly ('servers' | 'billing')[] = ['servers']) {
  for (const topic of topics) deps.events.publish(move.userId, { topic, id: move.serverId });
}

async function activity(deps: RegionMoveDeps, move: RegionMoveRow, message: string, kind: 'server' | 'refund' = 'server') {
  await logActivity(deps, { userId: move.userId, kind, message, subjectId: move.serverId }).catch((error: unknown) =>
    deps.log.warn({ err: error, moveId: move.id }, 'could not log region move activity'),
  );
}

/** Marks the step done and moves the move on to the next one, once. */
async function advance(deps: RegionMoveDeps, move: RegionMoveRow, step: RegionMoveStep, next: RegionMoveStep, set: Partial<RegionMoveRow> = {}) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const moved = await updateMove(tx, move.id, { status: ['running'], step }, { ...set, step: next, updatedAt: now });
    if (moved) {
      await endStep(tx, move.id, step, 'done', now);
      await startStep(tx, move.id, next, now);
    }
  });
  publish(deps, move);
}

async function stop(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  const ref = oldRef(move);
  await deps.panel.power(ref, 'stop');
  const { state } = await deps.panel.resources(ref);
  if (state !== 'offline') return 'wait';
  await moveStatus(deps.db, move.serverId, ['online', 'starting', 'stopping'], 'offline', deps.clock.now());
  await advance(deps, move, 'stop', 'backup');
  return 'next';
}

async function backup(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  const ref = oldRef(move);
  const name = moveBackupName(move);
  let id = move.backupId;
  if (!id) {
    // A run that died after asking for the backup finds it by name instead of taking a second one.
    const found = (await deps.panel.listBackups(ref)).find((b) => b.name === name && b.successful);
    id = found?.id ?? (await deps.panel.createBackup(ref, { name, automatic: true })).id;
    await updateMove(deps.db, move.id, { status: ['running'], step: 'backup' }, { backupId: id, updatedAt: deps.clock.now() });
  }
  const made = (await deps.panel.listBackups(ref)).find((b) => b.id === id);
  if (!made || !made.successful) throw new PanelError('the panel could not finish the backup', false, 'backup_failed');
  if (!made.completedAt) return 'wait';
  await advance(deps, move, 'backup', 'create');
  return 'next';
}

async function create(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  const [server] = await deps.db.select().from(servers).where(eq(servers.id, move.serverId));
  if (!server) throw new PanelError('the server is gone', false, 'not_found');
  const [account] = await deps.db.select().from(panelAccounts).where(eq(panelAccounts.userId, move.userId));
  if (!account) throw new PanelError('the owner has no panel account', false, 'not_found');
  // Asking again answers the server already made for this move (same external id), with its state.
  const made = await deps.panel.createServer({
    externalId: moveExternalId(move),
    panelUserId: account.panelUserId,
    name: server.name,
    game: server.game,
    location: move.toLocation,
    ramGb: server.ramGb,
    vcpu: server.vcpu,
    diskGb: server.diskGb,
    backups: panelBackupAllowance({ ramGb: server.ramGb, addons: server.addons }),
  });
  if (move.newPanelServerId !== made.panelServerId) {
    await updateMove(deps.db, move.id, { status: ['running'], step: 'create' }, {
      newPanelServerId: made.panelServerId,
      newIdentifier: made.identifier,
      newIp: made.ip,
      newPort: made.port,
      newPanelUrl: made.panelUrl,
      updatedAt: deps.clock.now(),
    });
  }
  if (made.state === 'install_failed') throw new PanelError('the new server failed to install', false, 'install_failed');
  if (made.state === 'installing') return 'wait';
  await advance(deps, move, 'create', 'restore');
  return 'next';
}

async function restore(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  const target = newRef(move);
  if (!target || !move.backupId) throw new PanelError('the move lost track of its new server or backup', false, 'not_found');
  await deps.panel.copyBackup(oldRef(move), move.backupId, target);
  await deps.panel.power(target, 'start');
  await advance(deps, move, 'restore', 'switch');
  return 'next';
}

async function switchAddress(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  const target = newRef(move);
  if (!target) throw new PanelError('the move lost track of its new server', false, 'not_found');
  const fresh = await deps.panel.getServer(target.panelServerId);
  if (fresh.state === 'starting' || fresh.state === 'installing') return 'wait';
  if (fresh.state !== 'online') throw new PanelError(`the new server is ${fresh.state} instead of online`, false, 'not_online');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const locked = await lockServer(tx, move.serverId);
    if (!locked) throw new PanelError('the server is gone', false, 'not_found');
    const current = await updateMove(tx, move.id, { status: ['running'], step: 'switch' }, { newIp: fresh.ip, newPort: fresh.port, step: 'remove', updatedAt: now });
    if (!current) return;
    await tx
      .update(servers)
      .set({
        panelServerId: fresh.panelServerId,
        panelIdentifier: fresh.identifier,
        panelUrl: fresh.panelUrl ?? locked.panelUrl,
        ip: fresh.ip,
        port: fresh.port,
        location: move.toLocation,
        status: 'online',
        updatedAt: now,
      })
      .where(eq(servers.id, move.serverId));
    await endStep(tx, move.id, 'switch', 'done', now);
    await startStep(tx, move.id, 'remove', now);
  });
  publish(deps, move);
  return 'next';
}

async function removeOld(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  await deps.panel.deleteServer(move.oldPanelServerId);
  await complete(deps, move);
  return 'next';
}

/** The move is done: a cheaper location's difference is credited, renewals take the new price, the customer is told. */
async function complete(deps: RegionMoveDeps, move: RegionMoveRow) {
  const now = deps.clock.now();
  const done = await deps.db.transaction(async (tx) => {
    const row = await updateMove(tx, move.id, { status: ['running'], step: 'remove' }, { status: 'completed', step: null, completedAt: now, updatedAt: now });
    if (!row) return null;
    await endStep(tx, move.id, 'remove', 'done', now);
    if (row.grossCents < 0) {
      await addLedgerEntry(tx as unknown as Db, {
        id: deps.ids.uuid(),
        userId: row.userId,
        amountCents: -row.grossCents,
        kind: 'refund_credit',
        reason: `The move to ${row.toLabel} costs less for the rest of this period`,
        referenceId: `region-move-credit:${row.id}`,
        createdAt: now,
      });
    }
    if (row.renewalCents !== null && row.renewalLines) {
      const [server] = await tx.select().from(servers).where(eq(servers.id, row.serverId));
      if (server) {
        await withdrawAnnouncedChanges(tx, server.id, now);
        await tx.insert(servicePriceChanges).values({
          id: deps.ids.uuid(),
          serverId: server.id,
          userId: row.userId,
          catalogVersion: row.catalogVersion,
          kind: row.toCents >= row.fromCents ? 'increase' : 'decrease',
          oldCents: row.fromCents,
          newCents: row.renewalCents,
          lines: row.renewalLines,
          subtotalCents: row.renewalSubtotalCents ?? row.renewalCents,
          discountCents: row.renewalDiscountCents ?? 0,
          noticeAt: now,
          appliesFrom: server.renewsAt,
          status: 'applied',
          appliedAt: now,
          emailedAt: now,
        });
      }
    }
    return row;
  });
  if (!done) return;
  const to = address(done.newIp, done.newPort);
  const money =
    done.grossCents < 0 ? ` ${formatCents(-done.grossCents)} was added to your account credit.` : '';
  await activity(deps, done, `Server moved from ${done.fromLabel} to ${done.toLabel}${to ? `: its new address is ${to}` : ''}.${money}`);
  await sendEmail(deps, done, 'done');
  publish(deps, done, ['servers', 'billing']);
  deps.log.info({ moveId: done.id, serverId: done.serverId }, 'region move completed');
}

async function sendEmail(deps: RegionMoveDeps, move: RegionMoveRow, kind: 'done' | 'rolled_back') {
  try {
    const [server] = await deps.db.select({ name: servers.name }).from(servers).where(eq(servers.id, move.serverId));
    const [owner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, move.userId));
    if (!owner) return;
    const input = { brand: deps.brand, url: `${deps.publicUrl.replace(/\/+$/, '')}/dashboard/services`, serverName: server?.name ?? 'Your server', move };
    const message = kind === 'done' ? moveDoneEmail(input) : moveRolledBackEmail(input);
    await deps.mailer.send({ to: owner.email, ...message });
  } catch (error) {
    deps.log.warn({ err: error, moveId: move.id }, 'could not email about a region move');
  }
}

const steps: Record<RegionMoveStep, (deps: RegionMoveDeps, move: RegionMoveRow) => Promise<StepResult>> = {
  stop,
  backup,
  create,
  restore,
  switch: switchAddress,
  remove: removeOld,
};

/** The customer's words for what went wrong at a step. */
function failureWords(step: RegionMoveStep, error: unknown): string {
  const what = regionMoveStepLabels[step].toLowerCase();
  if (error instanceof PanelError && error.code === 'no_capacity') return 'The new location filled up before the server could be created there.';
  if (error instanceof PanelError && error.code === 'backup_limit') return 'The server has no free backup slot for the move. Delete an old backup, then try again.';
  if (error instanceof PanelError && error.code === 'timeout') return `The game panel took too long to ${what}.`;
  return `The game panel could not ${what}.`;
}

/** A step failed for good: the move turns to rolling back (once), with the reason recorded on the step. */
async function beginRollback(deps: RegionMoveDeps, move: RegionMoveRow, step: RegionMoveStep, error: unknown) {
  const now = deps.clock.now();
  const words = failureWords(step, error);
  deps.log.error({ err: error, moveId: move.id, serverId: move.serverId, step }, 'region move step failed; rolling back');
  await deps.db.transaction(async (tx) => {
    const moved = await updateMove(tx, move.id, { status: ['running'], step }, { status: 'rolling_back', reason: `${words} The server stays in ${move.fromLabel}.`, updatedAt: now });
    if (moved) await endStep(tx, move.id, step, 'failed', now, words);
  });
  publish(deps, move);
}

/**
 * Puts everything back: the address points at the old server again, the half-made new server is
 * deleted, the move's backup removed, the old server started, and a charge refunded. Each part can
 * run again safely, so a retried job picks up where the last one stopped.
 */
async function rollBack(deps: RegionMoveDeps, move: RegionMoveRow) {
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
  const refunded = move.invoiceId && move.grossCents > 0 ? ` The ${formatCents(move.grossCents)} paid for it was refunded.` : '';
  await activity(deps, ended, `The move to ${ended.toLabel} was rolled back: ${ended.reason ?? 'a step failed.'}${refunded}`, refunded ? 'refund' : 'server');
  await sendEmail(deps, ended, 'rolled_back');
  publish(deps, ended, ['servers', 'billing']);
}

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
        if (failed) publish(deps, failed);
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
