import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { Db } from '../../db/client';
import { randomIds, systemClock } from '../../lib/runtime';
import { createGamePanel } from './create-panel';

const deps = { db: {} as Db, clock: systemClock, ids: randomIds };
const pterodactylEnv = {
  PANEL_URL: 'https://panel.example',
  PANEL_APPLICATION_KEY: 'ptla_x',
  PANEL_EGGS: '{"minecraft":{"egg":1,"nest":1,"environment":{"SERVER_JARFILE":"server.jar"}}}',
  PANEL_LOCATIONS: '{"us-west":1}',
};

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('panel configuration', () => {
  it('defaults to the simulated panel: 20 s installs, 50 servers a location', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ SIM_PANEL_INSTALL_SECONDS: 20, SIM_PANEL_CAPACITY: 50, SIM_PANEL_CAPACITY_BY_LOCATION: {} });
    expect(createGamePanel(config, deps).id).toBe('sim');
  });

  it('reads per-location capacity as JSON and explains bad values', () => {
    expect(loadConfig({ SIM_PANEL_CAPACITY_BY_LOCATION: '{"eu-west":0}' }).SIM_PANEL_CAPACITY_BY_LOCATION).toEqual({ 'eu-west': 0 });
    expect(problems({ SIM_PANEL_CAPACITY_BY_LOCATION: 'eu-west=0' })).toEqual([
      'SIM_PANEL_CAPACITY_BY_LOCATION: must be JSON, for example {"eu-west":0}',
    ]);
    expect(problems({ SIM_PANEL_CAPACITY_BY_LOCATION: '{"eu-west":-1}' })[0]).toMatch(/^SIM_PANEL_CAPACITY_BY_LOCATION\.eu-west:/);
    expect(problems({ SIM_PANEL_INSTALL_SECONDS: 'soon' })).toEqual(['SIM_PANEL_INSTALL_SECONDS: must be a whole number']);
  });

  it('uses Pterodactyl when PANEL_URL and the application key are set, and needs eggs and locations', () => {
    const config = loadConfig(pterodactylEnv);
    expect(config.PANEL_FLAVOR).toBe('pterodactyl');
    expect(config.PANEL_EGGS.minecraft).toEqual({ egg: 1, nest: 1, environment: { SERVER_JARFILE: 'server.jar' } });
    expect(createGamePanel(config, deps).id).toBe('pterodactyl');

    expect(problems({ PANEL_URL: 'https://panel.example' })).toEqual([
      'PANEL_APPLICATION_KEY: is required when PANEL_URL is set',
      'PANEL_EGGS: is required when PANEL_URL is set',
      'PANEL_LOCATIONS: is required when PANEL_URL is set',
    ]);
    expect(problems({ ...pterodactylEnv, PANEL_EGGS: '{"minecraft":{"nest":1}}' })[0]).toMatch(/^PANEL_EGGS\.minecraft\.egg:/);
    expect(problems({ ...pterodactylEnv, PANEL_FLAVOR: 'multicraft' })[0]).toMatch(/^PANEL_FLAVOR:/);
  });
});
