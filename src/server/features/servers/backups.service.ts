import type { Backup, BackupList } from '../../../shared/schemas/servers';
import {
  AUTOMATIC_BACKUP_DAYS,
  automaticBackupName,
  backupSlots,
  isAutomaticBackupName,
} from '../../integrations/panel/backup-policy';
import type { BackupDownload, PanelBackup } from '../../integrations/panel/game-panel';
import { logActivity, said } from '../../lib/activity';
import { badRequest, notFound } from '../../lib/errors';
import { manageable, onPanel, refuseWhileBusy, serverFor, panelRefOf, serverConflict, type ManagementDeps, type ServerRow } from './server-access';
import { serversWithAutomaticBackups } from './server-management.repository';
import { addonsAtVersion } from './servers.repository';

const DAY = 86_400_000;

function toBackup(b: PanelBackup): Backup {
  return {
    id: b.id,
    name: b.name,
    sizeBytes: b.sizeBytes,
    createdAt: b.createdAt.toISOString(),
    completedAt: b.completedAt?.toISOString() ?? null,
    automatic: b.automatic,
  };
}

/** The backups the customer sees: failed ones are left out. */
function visible(backups: PanelBackup[]): PanelBackup[] {
  return backups.filter((b) => b.successful);
}

/** The server's slots as its panel was told them (the add-ons at the service's catalog version). */
async function slotsOf(deps: ManagementDeps, server: ServerRow) {
  return backupSlots(server, await addonsAtVersion(deps.db, server.catalogVersion));
}

export async function listBackups(deps: ManagementDeps, userId: string, serverId: string): Promise<BackupList> {
  const { server } = await serverFor(deps.db, userId, serverId, 'backups');
  const ref = panelRefOf(server);
  const slots = await slotsOf(deps, server);
  const answer = { limit: slots.own, automaticSlots: slots.automatic };
  if (!ref || server.status === 'provisioning' || server.status === 'installing') return { backups: [], ...answer };
  const backups = await onPanel(deps, 'list backups', () => deps.panel.listBackups(ref));
  return { backups: visible(backups).map(toBackup), ...answer };
}

function defaultName(now: Date): string {
  return `Backup ${now.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** Starts a backup of a running or stopped server; 409 backup_limit once the plan's own backups are all used. */
export async function createBackup(deps: ManagementDeps, userId: string, serverId: string, name?: string): Promise<Backup> {
  const { server } = await serverFor(deps.db, userId, serverId, 'backups');
  await refuseWhileBusy(deps.db, serverId);
  const ref = manageable(server);
  const chosen = name ?? defaultName(deps.clock.now());
  if (isAutomaticBackupName(chosen)) throw badRequest('Please choose another name: this one is kept for automatic backups', { name: 'This name is kept for automatic backups' });
  const limit = (await slotsOf(deps, server)).own;
  const existing = visible(await onPanel(deps, 'list backups', () => deps.panel.listBackups(ref)));
  if (existing.filter((b) => !b.automatic).length >= limit) {
    throw serverConflict('backup_limit', `Your plan keeps ${limit} backups. Delete an old backup to make room.`);
  }
  const backup = await onPanel(deps, 'create backup', () => deps.panel.createBackup(ref, { name: chosen, automatic: false }));
  deps.events.publish(server.userId, { topic: 'servers', id: server.id });
  await logActivity(deps, { userId: server.userId, kind: 'backup', text: said('activity.backup.started', { backup: chosen, server: server.name }), subjectId: server.id });
  return toBackup(backup);
}

async function findBackup(deps: ManagementDeps, server: ServerRow, backupId: string) {
  const ref = panelRefOf(server);
  if (!ref || backupId.length > 64) throw notFound('Backup not found');
  const backups = await onPanel(deps, 'list backups', () => deps.panel.listBackups(ref));
  const backup = visible(backups).find((b) => b.id === backupId);
  if (!backup) throw notFound('Backup not found');
  return { ref, backup };
}

export async function deleteBackup(deps: ManagementDeps, userId: string, serverId: string, backupId: string): Promise<void> {
  const { server } = await serverFor(deps.db, userId, serverId, 'backups');
  const { ref, backup } = await findBackup(deps, server, backupId);
  await onPanel(deps, 'delete backup', () => deps.panel.deleteBackup(ref, backup.id));
  deps.events.publish(server.userId, { topic: 'servers', id: server.id });
  await logActivity(deps, { userId: server.userId, kind: 'backup', text: said('activity.backup.deleted', { backup: backup.name, server: server.name }), subjectId: server.id });
}

/** A finished backup of the customer's server: the file, or the panel's signed URL. Works after suspension too. */
export async function backupDownload(deps: ManagementDeps, userId: string, serverId: string, backupId: string): Promise<BackupDownload> {
  const { server } = await serverFor(deps.db, userId, serverId, 'backups');
  const { ref, backup } = await findBackup(deps, server, backupId);
  if (!backup.completedAt) throw serverConflict('backup_not_ready');
  return onPanel(deps, 'download backup', () => deps.panel.backupDownload(ref, backup.id));
}

/**
 * The automatic-backups add-on: one backup a UTC day per server, the ones older than 7 days
 * deleted first. Runs hourly, so a day missed while the app was down is caught up within the hour.
 */
export async function takeAutomaticBackups(deps: ManagementDeps): Promise<number> {
  const now = deps.clock.now();
  const today = automaticBackupName(now);
  let taken = 0;
  for (const server of await serversWithAutomaticBackups(deps.db, ['online', 'offline', 'starting', 'stopping'])) {
    const ref = panelRefOf(server);
    if (!ref) continue;
    // A server being moved or switched is backed up by that job, and may be replaced meanwhile.
    if (await refuseWhileBusy(deps.db, server.id).then(() => false, () => true)) continue;
    try {
      const automatic = (await deps.panel.listBackups(ref)).filter((b) => b.automatic);
      for (const old of automatic.filter((b) => now.getTime() - b.createdAt.getTime() >= AUTOMATIC_BACKUP_DAYS * DAY)) {
        await deps.panel.deleteBackup(ref, old.id);
      }
      if (automatic.some((b) => b.name === today)) continue;
      await deps.panel.createBackup(ref, { name: today, automatic: true });
      taken += 1;
      deps.events.publish(server.userId, { topic: 'servers', id: server.id });
    } catch (error) {
      deps.log.warn({ err: error, serverId: server.id }, 'automatic backup failed');
    }
  }
  return taken;
}
