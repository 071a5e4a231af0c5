/**
 * What a customer may do with a server in each state. The spec compares statuses
 * case-insensitively and shows Stop only while online; every other state shows Start.
 */
import type { PowerAction } from '../../../shared/schemas/servers';

const settingUp = new Set(['pending', 'paid', 'creating', 'provisioning', 'installing']);
const transitions: Record<string, string> = {
  starting: 'The server is starting. Wait a moment.',
  stopping: 'The server is stopping. Wait a moment.',
  restarting: 'The server is restarting. Wait a moment.',
};

/** Shown with the failure reason: the order is refunded automatically (spec: 5-7 business days). */
export const REFUND_NOTE = 'A full refund is on its way to your card. Refunds take 5-7 business days to arrive.';

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
  if (s === 'suspended') return 'This server is suspended. Settle the overdue invoice in Billing to use it again.';
  if (isSettingUp(s)) return 'This server is still being set up. This usually takes 1-3 minutes.';
  if (s === 'failed') return 'Setting up this server failed, so there is nothing to manage.';
  if (s === 'cancelled' || s === 'deleted') return 'This server has been cancelled.';
  return null;
}

/** The Start/Stop button: 'Stop Server' while online, 'Start Server' otherwise (spec). */
export function powerButton(status: string): { action: 'start' | 'stop'; label: 'Stop Server' | 'Start Server' } {
  return isOnline(status) ? { action: 'stop', label: 'Stop Server' } : { action: 'start', label: 'Start Server' };
}

/** Why the Start/Stop button is disabled, or null when it can be pressed. */
export function powerDisabledReason(status: string): string | null {
  return blockedReason(status) ?? transitions[normalStatus(status)] ?? null;
}

export function restartDisabledReason(status: string): string | null {
  const reason = powerDisabledReason(status);
  if (reason) return reason;
  return isOnline(status) ? null : 'The server is offline. Start it instead.';
}

/** Commands reach a running (or booting) server; the API refuses them while offline or stopping. */
export function commandDisabledReason(status: string): string | null {
  const reason = blockedReason(status);
  if (reason) return reason;
  return ['offline', 'stopping'].includes(normalStatus(status)) ? 'Start the server to send commands.' : null;
}

/** Failed and cancelled servers have nothing left to schedule. */
export function canSchedule(status: string): boolean {
  return !['failed', 'cancelled', 'deleted'].includes(normalStatus(status));
}

export const powerToasts: Record<PowerAction, { title: string; description: (name: string) => string }> = {
  start: { title: 'Server Starting', description: (name) => `${name} is starting up.` },
  stop: { title: 'Server Stopping', description: (name) => `${name} is shutting down.` },
  restart: { title: 'Server Restarting', description: (name) => `${name} is restarting.` },
};
