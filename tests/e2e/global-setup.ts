import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startFakeVies } from '../../src/server/test/fakes/vies/fake-vies';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const root = path.resolve(import.meta.dirname, '..', '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Starts the built product once for all browser journeys, on its own port and data folder. */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-'));
  // VAT IDs are checked with VIES (decision 033): a local fake of its REST API, knowing the IDs journeys use.
  const vies = await startFakeVies();
  vies.register('NL123456789B01', { name: 'BLOKHOST B.V.', address: 'KEIZERSGRACHT 1\n1015 CJ AMSTERDAM' });
  vies.register('FR40303265045', { name: 'KLOTZCHEN SAS', address: '1 RUE DE RIVOLI\n75001 PARIS' });
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every journey signs up from 127.0.0.1.
      AUTH_IP_LIMIT_SCALE: '50',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      SIM_PANEL_INSTALL_SECONDS: '3',
      VIES_API_URL: vies.url,
      // Journeys that act as staff sign these accounts up (each its own, so files stay independent).
      ADMIN_EMAILS: [
        'staff-e2e@spawnpoint.test',
        'admin-help-e2e@spawnpoint.test',
        'admin-customers-e2e@spawnpoint.test',
        'admin-refunds-e2e@spawnpoint.test',
        'admin-servers-e2e@spawnpoint.test',
        'admin-staff-e2e@spawnpoint.test',
        'admin-catalog-e2e@spawnpoint.test',
        'admin-coupons-e2e@spawnpoint.test',
        'admin-taxes-e2e@spawnpoint.test',
        'admin-panel-links-e2e@spawnpoint.test',
        'admin-panel-setup-e2e@spawnpoint.test',
        'admin-brand-e2e@spawnpoint.test',
        'admin-status-e2e@spawnpoint.test',
      ].join(','),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('the server did not start within 60 seconds');
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseURL', baseURL);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await vies.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
