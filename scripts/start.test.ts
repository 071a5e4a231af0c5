import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server';

const root = path.resolve(import.meta.dirname, '..');

/** Only what a host's shell would hold: no configuration of ours leaks in from the test run. */
function bareEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG'];
  return { ...Object.fromEntries(keep.filter((k) => process.env[k]).map((k) => [k, process.env[k]])), ...extra };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

describe('the compiled server under plain node', () => {
  // Inside the repository, so the bundle's package imports resolve from node_modules.
  const outdir = path.join(root, 'dist', `server-test-${process.pid}`);
  let main: string;
  beforeAll(async () => {
    main = await buildServer(outdir);
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('is one ES module with the migrations beside it, importing no tsx', () => {
    expect(existsSync(path.join(outdir, 'migrations', 'meta', '_journal.json'))).toBe(true);
    const code = readFileSync(main, 'utf8');
    expect(code).not.toMatch(/from ["']tsx/);
    expect(code).not.toMatch(/\.ts["']\)/);
  });

  it('refuses to start in production and lists every missing setting', () => {
    const run = spawnSync(process.execPath, [main], { env: bareEnv({ NODE_ENV: 'production' }), encoding: 'utf8', timeout: 20_000 });
    expect(run.status).toBe(1);
    for (const key of ['PUBLIC_URL', 'DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'APP_SECRET']) {
      expect(run.stderr).toContain(`  - ${key}: is required in production`);
    }
  });

  it('lists wrong values too, with the missing ones', () => {
    const run = spawnSync(process.execPath, [main], {
      env: bareEnv({ NODE_ENV: 'production', PORT: 'eighty', DATABASE_URL: 'mysql://x' }),
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT: must be a whole number');
    expect(run.stderr).toContain('DATABASE_URL: must be a postgres://');
  });
});

/**
 * `NODE_ENV=production npm start`, exactly as the Dockerfile runs it, on PostgreSQL: after
 * `npm run build` (npm test builds first), with every production setting.
 */
const built = existsSync(path.join(root, 'dist', 'server', 'main.js')) && existsSync(path.join(root, 'dist', 'client', 'index.html'));
describe.runIf(built && Boolean(process.env.TEST_DATABASE_URL))('NODE_ENV=production npm start', () => {
  let child: ChildProcess | undefined;
  let dbName = '';
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

  beforeAll(async () => {
    dbName = `sp_start_${process.pid}`;
    const c = admin();
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
  });
  afterAll(async () => {
    if (child?.pid && child.exitCode === null) {
      // npm runs the server as its child: end the whole process group, or the server outlives the test.
      const exited = new Promise((r) => child?.once('exit', r));
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    const c = admin();
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await c.end();
  });

  it('serves from the compiled build and becomes ready', async () => {
    const port = await freePort();
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${dbName}`;
    let output = '';
    child = spawn('npm', ['start', '--silent'], {
      cwd: root,
      env: bareEnv({
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: url.toString(),
        STRIPE_SECRET_KEY: 'sk_test_production_start',
        STRIPE_WEBHOOK_SECRET: 'whsec_production_start',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        APP_SECRET: 'production-start-test-secret-0123456789',
        LOG_LEVEL: 'info',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline && child.exitCode === null) {
      status = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.status, () => 0);
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status, output).toBe(200);
    // Not a terminal, so JSON lines; and nothing was built at start.
    const lines = output.split('\n').filter(Boolean);
    expect(lines.some((l) => l.includes('"background jobs started"')), output).toBe(true);
    expect(lines.every((l) => l.startsWith('{')), output).toBe(true);
    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
  }, 60_000);
});
