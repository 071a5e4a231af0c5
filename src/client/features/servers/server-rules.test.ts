import { describe, expect, it } from 'vitest';
import {
  blockedReason,
  commandDisabledReason,
  hasLiveFigures,
  isTransitional,
  powerButton,
  powerDisabledReason,
  restartDisabledReason,
} from './server-rules';

describe('the Start/Stop button', () => {
  it('reads Stop Server only while online, compared case-insensitively', () => {
    for (const status of ['online', 'ONLINE', 'Online', ' online ']) {
      expect(powerButton(status)).toEqual({ action: 'stop', label: 'Stop Server' });
    }
  });

  it('reads Start Server for every other status, known or not', () => {
    for (const status of ['offline', 'suspended', 'installing', 'provisioning', 'starting', 'stopping', 'failed', 'weird', '']) {
      expect(powerButton(status)).toEqual({ action: 'start', label: 'Start Server' });
    }
  });

  it('is enabled when online or offline', () => {
    expect(powerDisabledReason('online')).toBeNull();
    expect(powerDisabledReason('Offline')).toBeNull();
  });

  it('is disabled, with a reason, while suspended, being set up, failed, cancelled or changing state', () => {
    expect(powerDisabledReason('SUSPENDED')).toMatch(/suspended/i);
    expect(powerDisabledReason('provisioning')).toMatch(/being set up/);
    expect(powerDisabledReason('installing')).toMatch(/being set up/);
    expect(powerDisabledReason('failed')).toMatch(/failed/);
    expect(powerDisabledReason('cancelled')).toMatch(/cancelled/);
    expect(powerDisabledReason('starting')).toMatch(/starting/);
    expect(powerDisabledReason('stopping')).toMatch(/stopping/);
  });
});

describe('the other buttons', () => {
  it('are blocked only while suspended, being set up, failed or cancelled', () => {
    expect(blockedReason('online')).toBeNull();
    expect(blockedReason('offline')).toBeNull();
    expect(blockedReason('starting')).toBeNull();
    expect(blockedReason('Suspended')).not.toBeNull();
    expect(blockedReason('INSTALLING')).not.toBeNull();
    expect(blockedReason('provisioning')).not.toBeNull();
    expect(blockedReason('failed')).not.toBeNull();
  });

  it('allow Restart only while online', () => {
    expect(restartDisabledReason('online')).toBeNull();
    expect(restartDisabledReason('offline')).toMatch(/Start it instead/);
    expect(restartDisabledReason('suspended')).toMatch(/suspended/);
  });

  it('allow console commands while the server runs or boots', () => {
    expect(commandDisabledReason('online')).toBeNull();
    expect(commandDisabledReason('starting')).toBeNull();
    expect(commandDisabledReason('offline')).toBe('Start the server to send commands.');
    expect(commandDisabledReason('stopping')).toBe('Start the server to send commands.');
    expect(commandDisabledReason('installing')).toMatch(/being set up/);
  });

  it('ask the panel for figures only when it has a server, and poll faster while it changes', () => {
    expect(hasLiveFigures('online')).toBe(true);
    expect(hasLiveFigures('offline')).toBe(true);
    expect(hasLiveFigures('installing')).toBe(false);
    expect(hasLiveFigures('suspended')).toBe(false);
    expect(isTransitional('installing')).toBe(true);
    expect(isTransitional('stopping')).toBe(true);
    expect(isTransitional('online')).toBe(false);
  });
});
