import { eq } from 'drizzle-orm';
import { panelEffects } from '../../../shared/delivery';
import { effectiveMapping, mappingWithAddons, type PanelMapping } from '../../../shared/panel-mapping';
import { panelAccounts, servers, servicePriceChanges, type RegionMoveStep } from '../../db/schema';
import { panelBackupAllowance } from '../../integrations/panel/backup-policy';
import { PanelError } from '../../integrations/panel/game-panel';
import { addLedgerEntry } from '../../lib/credit-ledger';
import { withdrawAnnouncedChanges } from '../catalog';
import { lockServer, moveStatus } from '../servers';
import type { RegionMoveDeps } from './region-move-deps';
import { checkBackupFits } from './region-move-fit';
import { said } from '../../lib/activity';
import { activity, address, moveBackupName, moveExternalId, newRef, oldRef, publish, sendEmail, type StepResult } from './region-move-shared';
import { endStep, startStep, updateMove, type RegionMoveRow } from './region-moves.repository';

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
  const [server] = await deps.db.select({ diskGb: servers.diskGb }).from(servers).where(eq(servers.id, move.serverId));
  if (server) await checkBackupFits(deps, ref, server, made.sizeBytes);
  await advance(deps, move, 'backup', 'create');
  return 'next';
}

/** The service's panel set-up at its catalog version, with its add-ons' databases, ports and backup slots. */
async function panelSetupAt(deps: RegionMoveDeps, version: number, server: { game: string; planId: string; ramGb: number; addons: Record<string, number> }) {
  const { draft } = await deps.catalog.atVersion(version);
  const gamePanel = draft.games.find((g) => g.slug === server.game)?.panel;
  const planPanel = draft.plans.find((p) => p.id === server.planId)?.panel;
  const backups = panelBackupAllowance(server, draft.addons);
  const withAddons = mappingWithAddons(gamePanel || planPanel ? effectiveMapping(gamePanel, planPanel) : undefined, panelEffects(draft.addons, server.addons));
  if (!withAddons) return { panel: undefined, backups };
  // The customer chose the new location: the plan's own deploy targets would send it back.
  const { deployTo: _pinned, ...mapping } = withAddons;
  return { panel: mapping as PanelMapping, backups };
}

async function create(deps: RegionMoveDeps, move: RegionMoveRow): Promise<StepResult> {
  const [server] = await deps.db.select().from(servers).where(eq(servers.id, move.serverId));
  if (!server) throw new PanelError('the server is gone', false, 'not_found');
  const [account] = await deps.db.select().from(panelAccounts).where(eq(panelAccounts.userId, move.userId));
  if (!account) throw new PanelError('the owner has no panel account', false, 'not_found');
  // The service's panel set-up at its catalog version (egg, variables, extra ports), as at its set-up.
  const setup = server.catalogVersion == null ? undefined : await panelSetupAt(deps, server.catalogVersion, server);
  const panel = setup?.panel;
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
    backups: setup?.backups ?? panelBackupAllowance(server),
    playerCap: server.playerCap,
    ...(panel ? { panel } : {}),
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
  // A new server starts once installed: its files are replaced only while it is stopped.
  const { state } = await deps.panel.resources(target);
  if (state !== 'offline') {
    if (state === 'online' || state === 'starting') await deps.panel.power(target, 'stop');
    return 'wait';
  }
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
        // The old node's extra ports stay behind with the old server.
        extraPorts: fresh.extraPorts ?? [],
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
      await addLedgerEntry(tx, {
        id: deps.ids.uuid(),
        userId: row.userId,
        amountCents: -row.grossCents,
        currency: row.currency,
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
  const where = { from: done.fromLabel, to: done.toLabel, address: to ?? 'none' };
  await activity(
    deps,
    done,
    done.grossCents < 0
      ? said('activity.move.doneCredit', where, { money: { amount: { cents: -done.grossCents, currency: done.currency } } })
      : said('activity.move.done', where),
  );
  await sendEmail(deps, done, 'done');
  publish(deps, done, ['servers', 'billing']);
  deps.log.info({ moveId: done.id, serverId: done.serverId }, 'region move completed');
}

export const steps: Record<RegionMoveStep, (deps: RegionMoveDeps, move: RegionMoveRow) => Promise<StepResult>> = {
  stop,
  backup,
  create,
  restore,
  switch: switchAddress,
  remove: removeOld,
};

