/**
 * What a customer may do with a server in each state. The spec compares statuses
 * case-insensitively and shows Stop only while online; every other state shows Start.
 */
import type { PowerAction } from '../../../shared/schemas/servers';
import type { DashboardKey } from '../../../shared/i18n/keys';
import { translate } from '../../lib/i18n';
import { refundDaysValues, type BusinessRules } from '../../../shared/business-rules';

const settingUp = new Set(['pending', 'paid', 'creating', 'provisioning', 'installing']);
const transitions: Record<string, DashboardKey> = {
  starting: 'servers.reason.starting',
  stopping: 'servers.reason.stopping',
  restarting: 'servers.reason.restarting',
};

/** Shown with the failure reason: the order is refunded automatically, in the business days the shop states. */
export function refundNote(rules: Pick<BusinessRules, 'refundDaysMin' | 'refundDaysMax'>): string {
  return translate('servers.refundNote', refundDaysValues(rules));
}

export function normalStatus(status: string | null | undefined): string {
  return (status ?? '').trim().toLowerCase();
}

export function isOnline(status: string): boolean {
  return normalStatus(status) === 'online';
}

export function isSettingUp(status: string): boolean {
  return settingUp.has(normalStatus(status));
}

/** The states in which the panel has a running or stopped server to ask about. */
export function hasLiveFigures(status: string): boolean {
  return ['online', 'offline', 'starting', 'stopping', 'restarting'].includes(normalStatus(status));
}

export function isTransitional(status: string): boolean {
  const s = normalStatus(status);
  return isSettingUp(s) || s in transitions;
}

/** Why nothing can be done with the server right now, or null when it can be managed. */
export function blockedReason(status: string): string | null {
  const s = normalStatus(status);
  if (s === 'suspended') return translate('servers.reason.suspended');
  if (isSettingUp(s)) return translate('servers.reason.settingUp');
  if (s === 'failed') return translate('servers.reason.failed');
  if (s === 'cancelled' || s === 'deleted') return translate('servers.reason.cancelled');
  return null;
}

/** The Start/Stop button: 'Stop Server' while online, 'Start Server' otherwise (spec). */
export function powerButton(status: string): { action: 'start' | 'stop'; label: string } {
  return isOnline(status)
    ? { action: 'stop', label: translate('servers.action.stop') }
    : { action: 'start', label: translate('servers.action.start') };
}

/** Why the Start/Stop button is disabled, or null when it can be pressed. */
export function powerDisabledReason(status: string): string | null {
  const transition = transitions[normalStatus(status)];
  return blockedReason(status) ?? (transition ? translate(transition) : null);
}

export function restartDisabledReason(status: string): string | null {
  const reason = powerDisabledReason(status);
  if (reason) return reason;
  return isOnline(status) ? null : translate('servers.reason.offline');
}

/** Commands reach a running (or booting) server; the API refuses them while offline or stopping. */
export function commandDisabledReason(status: string): string | null {
  const reason = blockedReason(status);
  if (reason) return reason;
  return ['offline', 'stopping'].includes(normalStatus(status)) ? translate('servers.reason.startForCommands') : null;
}

/** Failed and cancelled servers have nothing left to schedule. */
export function canSchedule(status: string): boolean {
  return !['failed', 'cancelled', 'deleted'].includes(normalStatus(status));
}

/** The toast after a power action, in the page's language. */
export function powerToast(action: PowerAction, name: string): { title: string; description: string } {
  return { title: translate(`servers.toast.${action}.title` as const), description: translate(`servers.toast.${action}.text` as const, { name }) };
}
