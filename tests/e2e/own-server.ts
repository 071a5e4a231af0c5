import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

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

export interface OwnServer {
  /** http://127.0.0.1:<port>, the address the browser uses. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * A second instance of the built product for a journey that needs its own settings (the shared
 * one from global-setup.ts sets PUBLIC_URL). `env` is added to a clean test environment; a key
 * set to undefined is left out, as a host who never set it would have it.
 */
export async function startOwnServer(env: Record<string, string | undefined>): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sp-e2e-own-'));
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    AUTH_IP_LIMIT_SCALE: '50',
    SIM_PANEL_INSTALL_SECONDS: '3',
    ...env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (Date.now() > deadline) {
      // Not left running behind a failed test (it would hold its port and CPU until the machine stops).
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error('the server did not start within 120 seconds');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
