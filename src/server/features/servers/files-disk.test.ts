import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISK_FULL_MESSAGE } from '../../../shared/schemas/server-files';
import type { Database } from '../../db/client';
import { readTarGz } from '../../integrations/panel/tar-archive';
import { createSimPanel } from '../../integrations/panel/sim-panel';
import { provisionOnlineServer, serverRow } from '../../jobs/provisioning.fixtures';
import { randomIds } from '../../lib/runtime';
import { seedCatalog } from '../catalog/catalog.repository';
import { createSignedInUser, dbKinds, manualClock, openTestDatabase, startTestInstance, type TestContext } from '../../test/test-app';

const MiB = 1024 * 1024;

/**
 * The simulated panel keeps a server's files within its plan's disk (here 1 MiB a "GB", so the
 * fixtures' 40 GB plan holds 40 MiB), and a backup of a full server is written in the background,
 * streamed through gzip, while the app keeps answering others.
 */
describe.each(dbKinds)("the simulated panel's disk on %s", (kind) => {
  let t: TestContext;
  let database: Database;
  let dispose: () => Promise<void>;
  const clock = manualClock();
  const panelDir = mkdtempSync(path.join(tmpdir(), 'sim-disk-'));

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
    await seedCatalog(database.db);
    const panel = createSimPanel(
      { db: database.db, clock, ids: randomIds },
      { installSeconds: 0, capacity: 50, publicUrl: 'https://spawnpoint.test', dataDir: panelDir, diskBytesPerGb: MiB },
    );
    t = await startTestInstance(database, { clock, checkout: { panel } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await dispose?.();
    rmSync(panelDir, { recursive: true, force: true });
  });

  const online = (userId: string) => provisionOnlineServer({ db: database.db, clock, panel: t.app.panel, events: t.app.events }, userId, { createdAt: clock.now() });
  const upload = (serverId: string, cookie: string, name: string, body: Buffer) =>
    t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/files/upload?name=${name}`, payload: body, headers: { cookie, 'content-type': 'application/octet-stream' } });
  const write = (serverId: string, cookie: string, file: string, content: string) =>
    t.app.inject({ method: 'PUT', url: `/api/servers/${serverId}/files/contents`, payload: { path: file, content }, headers: { cookie } });
  const names = async (serverId: string, cookie: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/files`, headers: { cookie } })).json().entries.map((e: { name: string }) => e.name);

  async function folderOf(serverId: string) {
    return path.join(panelDir, 'files', (await serverRow(database.db, serverId)).panelServerId!);
  }

  async function usedBytes(dir: string): Promise<number> {
    let total = 0;
    for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
      if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
    }
    return total;
  }

  /**
   * Requests one after another, due every 20 ms (or at once when the last took longer), in turn the
   * health check and a server's file list, until `done`: how long each took from when it was due.
   */
  async function sampleLatencies(serverId: string, cookie: string, done: () => Promise<boolean>) {
    const { port } = t.app.server.address() as AddressInfo;
    const taken = { health: [] as number[], files: [] as number[] };
    let due = performance.now();
    for (let k = 0; ; k += 1) {
      const wait = due - performance.now();
      // Late after the last request: due now. Late after a sleep: the event loop was held, which counts.
      if (wait > 0) await sleep(wait);
      else due = performance.now();
      if (await done()) break;
      const files = k % 2 === 1;
      const res = await fetch(`http://127.0.0.1:${port}${files ? `/api/servers/${serverId}/files` : '/api/health'}`, { headers: files ? { cookie } : {} });
      await res.arrayBuffer();
      expect(res.status).toBe(200);
      (files ? taken.files : taken.health).push(performance.now() - due);
      due += 20;
      expect(k, 'the backup took too long').toBeLessThan(10_000);
    }
    return taken;
  }

  /** Uploads random (incompressible) files until `free` bytes are left of the plan's 40 MiB. */
  async function fill(serverId: string, cookie: string, free: number) {
    const limit = 40 * MiB;
    await names(serverId, cookie); // the folder is seeded with the game's files when first opened
    for (let i = 0; ; i += 1) {
      const left = limit - (await usedBytes(await folderOf(serverId))) - free;
      if (left <= 0) break;
      const res = await upload(serverId, cookie, `region-${i}.mca`, randomBytes(Math.min(left, 10 * MiB)));
      expect(res.statusCode, res.body).toBe(204);
    }
  }

  it('refuses an upload or a write past the disk with a clear message, leaving nothing behind; a smaller write still goes', async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    await fill(serverId, ada.cookie, 100 * 1024);
    const before = await names(serverId, ada.cookie);

    const tooBig = await upload(serverId, ada.cookie, 'plugin.jar', randomBytes(200 * 1024));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toEqual({ code: 'disk_full', message: DISK_FULL_MESSAGE });
    expect(await names(serverId, ada.cookie)).toEqual(before);
    expect((await readdir(await folderOf(serverId))).filter((n) => n.includes('.upload-'))).toEqual([]);

    const written = await write(serverId, ada.cookie, 'notes.txt', 'x'.repeat(200 * 1024));
    expect(written.statusCode).toBe(413);
    expect(written.json().error).toEqual({ code: 'disk_full', message: DISK_FULL_MESSAGE });
    expect(await names(serverId, ada.cookie)).toEqual(before);

    // What fits still goes, and trimming a file is never refused, even on a full disk.
    expect((await upload(serverId, ada.cookie, 'small.txt', Buffer.alloc(50 * 1024, 'a'))).statusCode).toBe(204);
    expect((await upload(serverId, ada.cookie, 'small-2.txt', Buffer.alloc(60 * 1024, 'a'))).statusCode).toBe(413);
    expect((await write(serverId, ada.cookie, 'small.txt', 'trimmed')).statusCode).toBe(204);
    expect((await write(serverId, ada.cookie, 'notes.txt', 'y'.repeat(40 * 1024))).statusCode).toBe(204);
  });

  it('backs up a full server in the background, streaming, while other requests are answered within half a second', { timeout: 120_000 }, async () => {
    const ada = await createSignedInUser(t);
    const { serverId } = await online(ada.id);
    const other = await online(ada.id);
    await fill(serverId, ada.cookie, 16 * 1024);
    const row = await serverRow(database.db, serverId);
    const backupsDir = path.join(panelDir, 'backups', row.panelServerId!);

    /** Asks for a backup, then samples the app's answers to others until its archive is complete. */
    async function backupWhileSampling(name: string) {
      const asked = performance.now();
      const created = await t.app.inject({ method: 'POST', url: `/api/servers/${serverId}/backups`, payload: { name }, headers: { cookie: ada.cookie } });
      const createMs = performance.now() - asked;
      expect(created.statusCode, created.body).toBe(202);
      const backup = created.json().backup as { id: string; sizeBytes: number };
      const archive = path.join(backupsDir, `${backup.id}.tar.gz`);
      const during = await sampleLatencies(other.serverId, ada.cookie, () => stat(archive).then(() => true, () => false));
      return { backup, archive, worstMs: Math.max(createMs, ...during.health), files: during.files };
    }

    // While the archive is written the app answers at once: a request every 20 ms, in turn the
    // health check and another server's files, each timed from when it was due (so a held event
    // loop counts too). The health check (and the backup's own request) within 500 ms (gzip of
    // 40 MiB on the event loop would hold it for seconds; 200 ms failed once beside a build); a lone
    // stall of a busy machine may hit a run or two, not three, while a backup holding the event
    // loop stalls every one. The file lists read the same disk the backup writes, so on a busy
    // machine they may wait on the disk (1.8 s once, in a clean-clone run beside the browser
    // journeys): they are held to two seconds, and a run where either limit is passed is tried again.
    const slow = (r: { worstMs: number; files: number[] }) => r.worstMs >= 500 || Math.max(...r.files) >= 2000;
    let run = await backupWhileSampling('Full');
    for (let again = 1; again <= 2 && slow(run); again += 1) run = await backupWhileSampling(`Full, run ${again + 1}`);
    expect(run.worstMs).toBeLessThan(500);
    expect(Math.max(...run.files)).toBeLessThan(2000);
    // Enough of a backup to have measured something: 40 MiB of incompressible data through gzip.
    expect(run.files.length).toBeGreaterThanOrEqual(3);
    const { backup, archive } = run;

    clock.advance(3_000);
    const { backups } = (await t.app.inject({ method: 'GET', url: `/api/servers/${serverId}/backups`, headers: { cookie: ada.cookie } })).json();
    const done = backups.find((b: { id: string }) => b.id === backup.id);
    expect(done).toMatchObject({ id: backup.id, completedAt: clock.now().toISOString() });
    expect(done.sizeBytes).toBeGreaterThan(39 * MiB);
    // The working copies they were made from are gone, and the archive holds every file at its size.
    await expect.poll(async () => (await readdir(backupsDir)).filter((n) => !/^[0-9a-f-]{36}\.(json|tar\.gz)$/.test(n))).toEqual([]);
    const sizes = new Map<string, number>();
    await readTarGz(archive, async (entry, content) => {
      let n = 0;
      for await (const chunk of content) n += chunk.length;
      expect(n).toBe(entry.size);
      if (!entry.folder) sizes.set(entry.name, n);
    });
    const folder = await folderOf(serverId);
    for (const name of await readdir(folder)) {
      const info = await stat(path.join(folder, name));
      if (info.isFile()) expect(sizes.get(name), name).toBe(info.size);
    }
  });
});
