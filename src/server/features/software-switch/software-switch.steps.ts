import { eq } from 'drizzle-orm';
import { softwareName } from '../../../shared/schemas/software-switch';
import { servers, type SoftwareSwitchRow, type SoftwareSwitchStep } from '../../db/schema';
import { PanelError, type PanelRef, type PanelSoftware } from '../../integrations/panel/game-panel';
import { logActivity, said } from '../../lib/activity';
import { defaultSwitchLimits, type SoftwareSwitchDeps, type SwitchLimits } from './software-switch-deps';
import { findSwitch, moveSwitch } from './software-switch.repository';
import { moveStatus, serverById, powerStatuses } from '../servers';

/** A step that cannot succeed: the switch rolls back (or, rolling back, fails) with `reason` for the customer. */
class SwitchFailure extends Error {
  constructor(
    readonly reason: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** next: moved to another step; wait: the panel is busy; finished: the server is online again; done: another worker moved it. */
type Outcome = 'next' | 'wait' | 'finished' | 'done';

const label = (software: string, version: string | null) => `${softwareName(software)}${version ? ` ${version}` : ''}`;

/** A name for the backup the switch takes first, which a resumed job finds again instead of taking another. */
export function switchBackupName(row: Pick<SoftwareSwitchRow, 'id' | 'toSoftware' | 'toVersion'>): string {
  return `Before switching to ${label(row.toSoftware, row.toVersion)} (${row.id.slice(0, 8)})`;
}

function publish(deps: SoftwareSwitchDeps, row: SoftwareSwitchRow, ownerId: string) {
  for (const userId of new Set([ownerId, row.userId])) deps.events.publish(userId, { topic: 'servers', id: row.serverId });
}

/** The old software to go back to; a server on its game's default install goes back to that egg with its default version. */
function oldSoftware(row: SoftwareSwitchRow, game: string): PanelSoftware {
  return { game, software: row.fromSoftware ?? 'vanilla', version: row.fromVersion ?? 'latest' };
}

/**
 * One step of a switch, from the row as stored: each is safe to run again after a stop (a backup is
 * found again by its name, a reinstall or restore already under way is waited for), and moves the
 * row on only from the step it read.
 */
async function runStep(deps: SoftwareSwitchDeps, row: SoftwareSwitchRow, ref: PanelRef, game: string, limits: SwitchLimits): Promise<Outcome> {
  const now = deps.clock.now();
  const waited = now.getTime() - row.stepStartedAt.getTime();
  const move = async (step: SoftwareSwitchStep, extra: Partial<SoftwareSwitchRow> = {}, from: SoftwareSwitchRow = row): Promise<Outcome> => {
    const moved = await moveSwitch(deps.db, from, { ...extra, step, stepStartedAt: now, updatedAt: now });
    return moved ? 'next' : 'done';
  };
  const timedOut = (limit: number, reason: string, detail: string) => {
    if (waited > limit) throw new SwitchFailure(reason, detail);
    return 'wait' as const;
  };
  const to: PanelSoftware = { game, software: row.toSoftware, version: row.toVersion };

  switch (row.step) {
    case 'backup': {
      const name = switchBackupName(row);
      const existing = (await deps.panel.listBackups(ref)).find((b) => b.name === name);
      const backup = existing ?? (await deps.panel.createBackup(ref, { name, automatic: false }));
      const kept = (await deps.panel.listFiles(ref, '')).map((e) => e.name).sort();
      return move('backing_up', { backupId: backup.id, keptNames: kept });
    }
    case 'backing_up': {
      const backup = (await deps.panel.listBackups(ref)).find((b) => b.id === row.backupId);
      const noBackup = 'We could not take a backup first, so nothing was changed.';
      if (!backup || !backup.successful) throw new SwitchFailure(noBackup, `backup ${row.backupId ?? '?'} is missing or failed`);
      if (!backup.completedAt) return timedOut(limits.backupMs, noBackup, 'the backup did not finish in time');
      return move('reinstall');
    }
    case 'reinstall': {
      if (!row.reinstallAskedAt) {
        // Recorded first: from here a rollback reinstalls the old software, whatever the panel did with the call.
        const marked = await moveSwitch(deps.db, row, { reinstallAskedAt: now, updatedAt: now });
        if (!marked) return 'done';
        await deps.panel.reinstall(ref, to);
        return move('installing', {}, marked);
      }
      // A stopped job had asked already: an install under way is waited for, else asked for again.
      if ((await deps.panel.getServer(ref.panelServerId)).state !== 'installing') await deps.panel.reinstall(ref, to);
      return move('installing');
    }
    case 'installing':
    case 'installing_old': {
      const state = (await deps.panel.getServer(ref.panelServerId)).state;
      const forward = row.step === 'installing';
      const what = forward ? label(row.toSoftware, row.toVersion) : label(row.fromSoftware ?? 'vanilla', row.fromVersion);
      if (state === 'install_failed') throw new SwitchFailure(`The game panel could not install ${what}.`, 'the install script failed');
      if (state === 'installing') return timedOut(limits.installMs, `Installing ${what} took too long.`, 'the install did not finish in time');
      return move(forward ? 'check' : 'restore');
    }
    case 'check': {
      const now_ = new Set((await deps.panel.listFiles(ref, '')).map((e) => e.name));
      const missing = (row.keptNames ?? []).filter((n) => !now_.has(n));
      if (missing.length > 0) {
        throw new SwitchFailure('Some of the server’s files were missing after the install, so the backup was put back.', `missing after the reinstall: ${missing.join(', ')}`);
      }
      return move('start');
    }
    case 'start':
    case 'start_old': {
      await deps.panel.power(ref, 'start');
      return move(row.step === 'start' ? 'starting' : 'starting_old');
    }
    case 'starting':
    case 'starting_old': {
      const state = (await deps.panel.resources(ref)).state;
      if (state === 'online') return 'finished';
      const what = row.step === 'starting' ? label(row.toSoftware, row.toVersion) : 'The server';
      const reason = `${what} did not start.`;
      if (state === 'offline' && waited > 60_000) throw new SwitchFailure(reason, 'the server stopped while starting');
      return timedOut(limits.startMs, reason, 'the server did not come online in time');
    }
    case 'reinstall_old': {
      if ((await deps.panel.getServer(ref.panelServerId)).state === 'installing') {
        return timedOut(limits.installMs, 'The new software’s install would not end.', 'waiting for the install to end before reinstalling the old software');
      }
      await deps.panel.reinstall(ref, oldSoftware(row, game));
      return move('installing_old');
    }
    case 'restore': {
      if (!row.backupId) return move('start_old');
      const state = (await deps.panel.getServer(ref.panelServerId)).state;
      if (state !== 'restoring') await deps.panel.restoreBackup(ref, row.backupId);
      return move('restoring');
    }
    case 'restoring': {
      const state = (await deps.panel.getServer(ref.panelServerId)).state;
      if (state === 'restoring') return timedOut(limits.restoreMs, 'Restoring the backup took too long.', 'the restore did not finish in time');
      return move('start_old');
    }
    default:
      return 'done';
  }
}

/** Where a failed forward step rolls back from: the old software first if a reinstall was asked for, else just the start. */
function rollbackStep(row: SoftwareSwitchRow): SoftwareSwitchStep {
  return row.reinstallAskedAt ? 'reinstall_old' : 'start_old';
}

async function finish(deps: SoftwareSwitchDeps, row: SoftwareSwitchRow, ownerId: string, serverName: string) {
  const now = deps.clock.now();
  const succeeded = row.status === 'running';
  const done = await deps.db.transaction(async (tx) => {
    const moved = await moveSwitch(tx, row, { status: succeeded ? 'succeeded' : 'rolled_back', step: 'done', finishedAt: now, updatedAt: now });
    if (!moved) return null;
    if (succeeded) await tx.update(servers).set({ software: row.toSoftware, softwareVersion: row.toVersion, updatedAt: now }).where(eq(servers.id, row.serverId));
    // The panel says it runs; a status the switch does not own (suspended meanwhile) is left alone.
    await moveStatus(tx, row.serverId, powerStatuses, 'online', now);
    await logActivity(
      { db: tx, clock: deps.clock, ids: deps.ids },
      {
        userId: ownerId,
        kind: 'server',
        text: succeeded
          ? said('activity.software.done', { server: serverName, to: label(row.toSoftware, row.toVersion) })
          : said('activity.software.failed', {
              server: serverName,
              to: label(row.toSoftware, row.toVersion),
              from: label(row.fromSoftware ?? 'vanilla', row.fromVersion),
              reason: row.reason ?? 'A step failed.',
            }),
        subjectId: row.serverId,
      },
    );
    return moved;
  });
  if (done) {
    publish(deps, done, ownerId);
    deps.log.info({ switchId: row.id, serverId: row.serverId, status: done.status }, 'software switch finished');
  }
}

/**
 * Runs a switch as far as it can go now: 'poll' when it waits for the panel (the job looks again
 * shortly), 'done' when it ended (or another worker moved it). A failing forward step starts the
 * rollback: a retryable panel error only once the job's last attempt has failed; a failing
 * rollback step, on its last attempt, ends the switch as failed for staff to finish.
 */
export async function advanceSoftwareSwitch(deps: SoftwareSwitchDeps, switchId: string, options: { last: boolean }): Promise<'poll' | 'done'> {
  const limits = { ...defaultSwitchLimits, ...deps.limits };
  for (let guard = 0; guard < 50; guard += 1) {
    const row = await findSwitch(deps.db, switchId);
    if (!row || (row.status !== 'running' && row.status !== 'rolling_back')) return 'done';
    const server = await serverById(deps.db, row.serverId);
    if (!server?.panelServerId) {
      await moveSwitch(deps.db, row, { status: 'failed', reason: 'The server no longer exists on the game panel.', finishedAt: deps.clock.now(), updatedAt: deps.clock.now() });
      return 'done';
    }
    const ref: PanelRef = { panelServerId: server.panelServerId, identifier: server.panelIdentifier ?? server.panelServerId };
    let outcome: Outcome;
    try {
      outcome = await runStep(deps, row, ref, server.game, limits);
    } catch (error) {
      const retryable = error instanceof PanelError && error.retryable;
      if (retryable && !options.last) throw error;
      // Read again: the step may have recorded something (the reinstall asked for) before it failed.
      const failedRow = (await findSwitch(deps.db, switchId)) ?? row;
      const reason = error instanceof SwitchFailure ? error.reason : `The game panel failed while ${stepWords[row.step] ?? 'switching'}.`;
      const detail = error instanceof Error ? error.message : String(error);
      const now = deps.clock.now();
      deps.log.warn({ err: error, switchId, step: row.step }, 'software switch step failed');
      if (failedRow.status === 'running') {
        const moved = await moveSwitch(deps.db, failedRow, {
          status: 'rolling_back',
          step: rollbackStep(failedRow),
          reason,
          error: detail,
          stepStartedAt: now,
          updatedAt: now,
        });
        if (moved) publish(deps, moved, server.userId);
        continue;
      }
      const failed = await moveSwitch(deps.db, failedRow, {
        status: 'failed',
        reason: `${failedRow.reason ?? ''} Putting the old software back failed too: open a support ticket and we will finish it by hand from the backup, which is kept.`.trim(),
        error: `${failedRow.error ?? ''}; rollback: ${detail}`,
        finishedAt: now,
        updatedAt: now,
      });
      if (failed) {
        publish(deps, failed, server.userId);
        deps.log.error({ err: error, switchId, serverId: row.serverId }, 'software switch rollback failed: the server needs staff');
      }
      return 'done';
    }
    if (outcome === 'wait') return 'poll';
    if (outcome === 'done') return 'done';
    if (outcome === 'finished') {
      await finish(deps, row, server.userId, server.name);
      return 'done';
    }
    const after = await findSwitch(deps.db, switchId);
    if (after) publish(deps, after, server.userId);
  }
  return 'poll';
}

const stepWords: Partial<Record<SoftwareSwitchStep, string>> = {
  backup: 'taking the backup',
  backing_up: 'taking the backup',
  reinstall: 'installing the new software',
  installing: 'installing the new software',
  check: 'checking the files',
  start: 'starting the server',
  starting: 'starting the server',
  reinstall_old: 'putting the old software back',
  installing_old: 'putting the old software back',
  restore: 'restoring the backup',
  restoring: 'restoring the backup',
  start_old: 'starting the server again',
  starting_old: 'starting the server again',
};
