import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, missingProductionSettings } from './config';

function configErrorOf(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('fills in defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      BRAND_NAME: 'Spawnpoint',
      PUBLIC_URL: 'http://localhost:3000',
      SUPPORT_EMAIL: 'support@spawnpoint.local',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
    });
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', BRAND_NAME: '', PUBLIC_URL: '' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BRAND_NAME).toBe('Spawnpoint');
  });

  it('reads and coerces what is set', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgresql://user@db:5432/app',
      BRAND_NAME: '  Blockhost ',
      PUBLIC_URL: 'https://play.example.com',
      TRUST_PROXY: '1',
      UNRELATED: 'ignored',
    });
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 8080,
      DATABASE_URL: 'postgresql://user@db:5432/app',
      BRAND_NAME: 'Blockhost',
      PUBLIC_URL: 'https://play.example.com',
      TRUST_PROXY: 1,
    });
    expect(config).not.toHaveProperty('UNRELATED');
  });

  it('accepts port 0 and 65535, and a port padded with spaces', () => {
    expect(loadConfig({ PORT: '0' }).PORT).toBe(0);
    expect(loadConfig({ PORT: '65535' }).PORT).toBe(65535);
    expect(loadConfig({ PORT: ' 8080 ' }).PORT).toBe(8080);
  });

  it('derives PUBLIC_URL from PORT when it is not set', () => {
    expect(loadConfig({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
  });

  it('lists a bad PORT and a bad DATABASE_URL together in one ConfigError', () => {
    const err = configErrorOf({ PORT: 'not-a-port', DATABASE_URL: 'mysql://root@localhost/app' });
    expect(err.problems).toHaveLength(2);
    expect(err.problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(err.problems.some((p) => p.startsWith('DATABASE_URL:') && p.includes('postgres://'))).toBe(true);
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('DATABASE_URL');
  });

  it.each([['-1'], ['65536'], ['80.5'], ['abc'], [' '], ['0x10'], ['1e3']])('rejects PORT=%s', (port) => {
    expect(configErrorOf({ PORT: port }).problems).toEqual([expect.stringMatching(/^PORT:/)]);
  });

  it('rejects an unknown NODE_ENV, LOG_LEVEL and TRUST_PROXY, a bad email and a relative PUBLIC_URL', () => {
    const err = configErrorOf({
      NODE_ENV: 'staging',
      LOG_LEVEL: 'verbose',
      TRUST_PROXY: 'yes',
      SUPPORT_EMAIL: 'not-an-email',
      PUBLIC_URL: '/relative',
      BRAND_NAME: '   ',
    });
    const keys = err.problems.map((p) => p.split(':')[0]).sort();
    expect(keys).toEqual(['BRAND_NAME', 'LOG_LEVEL', 'NODE_ENV', 'PUBLIC_URL', 'SUPPORT_EMAIL', 'TRUST_PROXY']);
  });
});

describe('TRUST_PROXY', () => {
  it('takes false, a hop count, or proxy addresses and CIDRs, as Fastify does', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.2, 172.16.0.0/12 ,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.2',
      '172.16.0.0/12',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each([['yes'], ['10.0.0.300'], ['10.0.0.0/33'], ['proxy.example'], [','], ['10.0.0.1/8/2']])('refuses TRUST_PROXY=%s and says what it takes', (value) => {
    const [problem] = configErrorOf({ TRUST_PROXY: value }).problems;
    expect(problem).toMatch(/^TRUST_PROXY: must be false, the number of proxies in front \(1\), or their addresses/);
  });

  it('accepts true outside production only, and says what to set instead', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    const [problem] = configErrorOf({ NODE_ENV: 'production', TRUST_PROXY: 'true' }).problems;
    expect(problem).toContain('TRUST_PROXY=1');
    expect(problem).toContain('X-Forwarded-For');
  });
});

describe('operating settings', () => {
  it('reads METRICS_TOKEN, APP_SECRET and the keys it replaced', () => {
    const secret = 'a'.repeat(32);
    const config = loadConfig({ METRICS_TOKEN: 'm'.repeat(16), APP_SECRET: secret, APP_SECRET_PREVIOUS: ` ${'b'.repeat(32)} , ${'c'.repeat(40)}` });
    expect(config).toMatchObject({ METRICS_TOKEN: 'm'.repeat(16), APP_SECRET: secret, APP_SECRET_PREVIOUS: ['b'.repeat(32), 'c'.repeat(40)] });
    expect(loadConfig({}).APP_SECRET_PREVIOUS).toEqual([]);
  });

  it('refuses short metrics tokens and app secrets', () => {
    const keys = configErrorOf({ METRICS_TOKEN: 'short', APP_SECRET: 'short', APP_SECRET_PREVIOUS: 'short' }).problems.map((p) => p.split(':')[0]);
    expect(keys.sort()).toEqual(['APP_SECRET', 'APP_SECRET_PREVIOUS.0', 'METRICS_TOKEN']);
  });
});

describe('missingProductionSettings', () => {
  const complete = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://play.example.com',
    DATABASE_URL: 'postgres://app@db/app',
    STRIPE_SECRET_KEY: 'sk_live_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
    SMTP_URL: 'smtp://mail:587',
    APP_SECRET: 'a'.repeat(32),
  };

  it('lists every setting production needs, each with why', () => {
    const missing = missingProductionSettings({ NODE_ENV: 'production', PUBLIC_URL: ' ' });
    expect(missing.map((p) => p.split(':')[0])).toEqual([
      'PUBLIC_URL',
      'DATABASE_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'SMTP_URL',
      'APP_SECRET',
    ]);
    expect(missing[0]).toContain('is required in production');
  });

  it('is empty for a complete production configuration', () => {
    expect(missingProductionSettings(complete)).toEqual([]);
    expect(() => loadConfig(complete)).not.toThrow();
  });
});
