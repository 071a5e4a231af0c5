import { panelEffects, type AddonDelivery } from '../../../shared/delivery';

/**
 * How many backups a server keeps. The customer's own backups: 2 on the small plans (up to 2 GB
 * of RAM), 5 on larger ones. With the automatic-backups add-on, a daily backup is kept 7 days on
 * top, in slots of its own. The panel is told the sum (Pterodactyl's feature_limits.backups).
 */
export const AUTOMATIC_BACKUP_DAYS = 7;

export function manualBackupLimit(server: { ramGb: number }): number {
  return server.ramGb <= 2 ? 2 : 5;
}

export function hasAutomaticBackups(server: { addons: Record<string, number> }): boolean {
  return (server.addons[AUTOMATIC_BACKUPS_ADDON] ?? 0) > 0;
}

export const AUTOMATIC_BACKUPS_ADDON = 'automatic-backups';

/**
 * Where a server's backup slots go. `own`: the customer's backups, the plan's own plus the slots
 * any add-on but automatic backups adds. `automatic`: the automatic-backups add-on's slots, which
 * hold its daily backups. The panel is told the sum. Read from the catalog the service was sold
 * with, so the dialog, the refusal and the panel agree with what the server card says it adds.
 */
export function backupSlots(
  server: { ramGb: number; addons: Record<string, number> },
  catalogAddons: readonly { key: string; delivery?: AddonDelivery }[] = [],
): { own: number; automatic: number } {
  const { [AUTOMATIC_BACKUPS_ADDON]: automaticTaken = 0, ...others } = server.addons;
  return {
    own: manualBackupLimit(server) + panelEffects(catalogAddons, others).backups,
    automatic: panelEffects(catalogAddons, { [AUTOMATIC_BACKUPS_ADDON]: automaticTaken }).backups,
  };
}

/** What the panel allows in all: the customer's slots and the automatic ones (backupSlots). */
export function panelBackupAllowance(
  server: { ramGb: number; addons: Record<string, number> },
  catalogAddons: readonly { key: string; delivery?: AddonDelivery }[] = [],
): number {
  const slots = backupSlots(server, catalogAddons);
  return slots.own + slots.automatic;
}

/**
 * Daily automatic backups are named for their UTC day, so every driver can tell them apart
 * (Pterodactyl keeps no flag of its own); a customer cannot give a backup such a name.
 */
const AUTOMATIC = /^Automatic backup \d{4}-\d{2}-\d{2}$/;

export function automaticBackupName(day: Date): string {
  return `Automatic backup ${day.toISOString().slice(0, 10)}`;
}

export function isAutomaticBackupName(name: string): boolean {
  return AUTOMATIC.test(name);
}
