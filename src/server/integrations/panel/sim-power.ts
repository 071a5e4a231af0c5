import type { simPanelServers } from '../../db/schema';
import type { PanelServerState } from './game-panel';

export type SimServerRow = typeof simPanelServers.$inferSelect;

/** How long the simulated power transitions take. */
export interface SimTimings {
  startSeconds: number;
  stopSeconds: number;
  /** How long putting a backup back takes (3 s). */
  restoreSeconds?: number;
}

export const defaultSimTimings: SimTimings = { startSeconds: 6, stopSeconds: 3, restoreSeconds: 3 };

/** When the install finishes (and the server first starts, as start_on_completion does). */
export function installDoneAt(row: SimServerRow): number {
  return row.installStartedAt.getTime() + row.installSeconds * 1000;
}

/**
 * A server's state at `now`. Nothing runs in the background: every transition finishes when its
 * time is up, computed from the injected clock, so tests move time instead of sleeping. The stored
 * `state` is the last thing asked of the server ('installing', 'install_failing', a power action: 'starting',
 * 'stopping', 'restarting', or 'reinstalling', 'reinstall_failing', 'restoring') and `started_at` when it was
 * asked. A reinstall takes `install_seconds` and a restore `restoreSeconds`; both end with the server stopped.
 */
export function simServerState(row: SimServerRow, now: Date, timings: SimTimings = defaultSimTimings): PanelServerState {
  if (row.suspended) return 'suspended';
  const t = now.getTime();
  const since = row.startedAt?.getTime() ?? installDoneAt(row);
  const start = timings.startSeconds * 1000;
  const stop = timings.stopSeconds * 1000;
  switch (row.state) {
    case 'installing':
      return t >= installDoneAt(row) ? 'online' : 'installing';
    // Staff told the panel to fail this install (sim-panel-settings.ts): it runs, then fails.
    case 'install_failing':
      return t >= installDoneAt(row) ? 'install_failed' : 'installing';
    case 'starting':
      return t >= since + start ? 'online' : 'starting';
    case 'stopping':
      return t >= since + stop ? 'offline' : 'stopping';
    case 'restarting':
      if (t < since + stop) return 'stopping';
      return t < since + stop + start ? 'starting' : 'online';
    case 'reinstalling':
      return t >= since + row.installSeconds * 1000 ? 'offline' : 'installing';
    case 'reinstall_failing':
      return t >= since + row.installSeconds * 1000 ? 'install_failed' : 'installing';
    case 'restoring':
      return t >= since + (timings.restoreSeconds ?? 3) * 1000 ? 'offline' : 'restoring';
    default:
      return row.state as PanelServerState;
  }
}

/** When the current run's process started, or null while the server is not running (or stopping). */
export function simRunStartedAt(row: SimServerRow, now: Date, timings: SimTimings = defaultSimTimings): Date | null {
  const state = simServerState(row, now, timings);
  if (state !== 'online' && state !== 'starting') return null;
  const since = row.startedAt?.getTime() ?? installDoneAt(row);
  if (row.state === 'installing') return new Date(installDoneAt(row));
  if (row.state === 'restarting') return new Date(since + timings.stopSeconds * 1000);
  return new Date(since);
}

/**
 * Whether the server ran at a past moment, as far as the row can tell: it only remembers the
 * last power action, so before it the server is taken to have run since its install (or, before
 * a start, to have been off).
 */
export function simRunningAt(row: SimServerRow, at: Date, timings: SimTimings = defaultSimTimings): boolean {
  if (row.suspended) return false;
  const t = at.getTime();
  const installed = t >= installDoneAt(row);
  const since = row.startedAt?.getTime() ?? installDoneAt(row);
  switch (row.state) {
    case 'installing':
    case 'restarting':
      return installed;
    case 'starting':
      return t >= since;
    case 'stopping':
      return installed && t < since + timings.stopSeconds * 1000;
    default:
      return false;
  }
}

/** The stored state and time after a power signal; null when the signal changes nothing. */
export function simPowerTransition(
  current: PanelServerState,
  signal: 'start' | 'stop' | 'restart',
): 'starting' | 'stopping' | 'restarting' | null {
  const running = current === 'online' || current === 'starting';
  if (signal === 'start') return running ? null : 'starting';
  if (signal === 'stop') return running ? 'stopping' : null;
  return running ? 'restarting' : 'starting';
}
