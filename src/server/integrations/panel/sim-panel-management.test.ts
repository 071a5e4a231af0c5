import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { truncate, writeFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { simPanelServers } from '../../db/schema';
import { randomIds } from '../../lib/runtime';
import { dbKinds, manualClock, openTestDatabase } from '../../test/test-app';
import type { PanelConsoleLine, PanelRef } from './game-panel';
import { createSimPanel } from './sim-panel';

const base = { panelUserId: 'sim-user-1', name: 'World', game: 'minecraft', ramGb: 4, vcpu: 2, diskGb: 40, location: 'us-west' };

/** The names in a .tar.gz, read from the ustar headers. */
function tarNames(gz: Buffer): string[] {
  const tar = gunzipSync(gz);
  const names: string[] = [];
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    expect(header.subarray(257, 262).toString()).toBe('ustar');
    names.push(header.subarray(0, 100).toString().replace(/\0.*$/s, ''));
    const size = parseInt(header.subarray(124, 136).toString().replace(/\0.*$/s, ''), 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return names;
}

describe.each(dbKinds)('simulated panel management on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sim-panel-'));
  const clock = manualClock();

  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase(kind));
  });
  afterAll(async () => {
    await dispose?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const panel = () =>
    createSimPanel(
      { db: database.db, clock, ids: randomIds },
      { installSeconds: 0, capacity: 50, publicUrl: 'https://spawnpoint.test', dataDir, consolePollMs: 20 },
    );

  async function onlineServer(p = panel()): Promise<PanelRef> {
    const created = await p.createServer({ ...base, externalId: randomIds.uuid() });
    return { panelServerId: created.panelServerId, identifier: created.identifier };
  }

  it('resizes in place: the limits change, the address, state, files and backups stay; uploads count as disk use', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    const before = await p.getServer(ref.panelServerId);
    await p.writeFile(ref, 'notes.txt', 'seed 42');
    const backup = await p.createBackup(ref, { name: 'Before the upgrade', automatic: false });
    const used = (await p.resources(ref)).diskBytes;
    // A 15 GB upload (sparse: it takes no real space) counts toward the server's disk.
    const upload = path.join(dataDir, 'files', ref.panelServerId, 'region.mca');
    await writeFile(upload, '');
    await truncate(upload, 15 * 1024 ** 3);
    expect((await p.resources(ref)).diskBytes).toBeGreaterThanOrEqual(used + 15 * 1024 ** 3);

    await p.resizeServer(ref.panelServerId, { ramGb: 8, vcpu: 4, diskGb: 80, backups: 5 });
    const [row] = await database.db.select().from(simPanelServers).where(eq(simPanelServers.id, ref.panelServerId));
    expect(row).toMatchObject({ ramGb: 8, vcpu: 4, diskGb: 80 });
    expect(await p.getServer(ref.panelServerId)).toEqual(before);
    expect(await p.readFile(ref, 'notes.txt', 1024)).toBe('seed 42');
    expect((await p.listBackups(ref)).map((b) => b.id)).toContain(backup.id);
    await expect(p.resizeServer(randomIds.uuid(), { ramGb: 1, vcpu: 1, diskGb: 10, backups: 2 })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('stops, starts and restarts through stopping and starting, on the clock', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    const state = async () => (await p.getServer(ref.panelServerId)).state;
    expect(await state()).toBe('online');

    await p.power(ref, 'stop');
    expect(await state()).toBe('stopping');
    clock.advance(3_000);
    expect(await state()).toBe('offline');
    expect((await p.resources(ref)).cpuPercent).toBe(0);

    await p.power(ref, 'stop');
    expect(await state()).toBe('offline');

    await p.power(ref, 'start');
    expect(await state()).toBe('starting');
    clock.advance(5_999);
    expect(await state()).toBe('starting');
    clock.advance(1);
    expect(await state()).toBe('online');

    await p.power(ref, 'restart');
    expect(await state()).toBe('stopping');
    clock.advance(3_000);
    expect(await state()).toBe('starting');
    clock.advance(6_000);
    expect(await state()).toBe('online');
    clock.advance(90_000);
    // Counted from the process start, as the panels count it: 6 s of starting, then 90 s online.
    expect((await p.resources(ref)).uptimeSeconds).toBe(96);
  });

  it('refuses management of a suspended server with the suspended code', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    await database.query('update sim_panel_servers set suspended = 1 where id = $1', [ref.panelServerId]);
    await expect(p.power(ref, 'start')).rejects.toMatchObject({ code: 'suspended', status: 409 });
    await expect(p.resources(ref)).rejects.toMatchObject({ code: 'suspended' });
  });

  it('reports usage that moves with the clock, within the plan, and a minute-by-minute history', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    clock.advance(10 * 60_000);
    const samples = [];
    for (let i = 0; i < 6; i += 1) {
      samples.push(await p.resources(ref));
      clock.advance(20_000);
    }
    for (const s of samples) {
      expect(s.state).toBe('online');
      expect(s.cpuPercent).toBeGreaterThan(0);
      expect(s.cpuPercent).toBeLessThanOrEqual(200);
      expect(s.memoryBytes).toBeGreaterThan(0);
      expect(s.memoryBytes).toBeLessThan(4 * 1024 ** 3);
      expect(s.diskBytes).toBeLessThan(40 * 1024 ** 3);
    }
    expect(new Set(samples.map((s) => s.cpuPercent)).size).toBeGreaterThan(1);
    // Deterministic: the same moment gives the same figures.
    expect(await p.resources(ref)).toEqual(await p.resources(ref));

    const to = clock.now();
    const history = await p.usageHistory!(ref, new Date(to.getTime() - 3_600_000), to);
    expect(history.length).toBeGreaterThanOrEqual(60);
    expect(history.every((pt) => pt.at.getTime() % 60_000 === 0)).toBe(true);
    expect(history.at(-1)!.cpuPercent).toBeGreaterThan(0);
    // Before the server existed it used nothing.
    expect(history[0]!.cpuPercent).toBe(0);
  });

  it('lists players within the cap, after the server has been up a little', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    const query = { game: 'minecraft', ip: null, port: null, max: 10 };
    expect((await p.players(ref, query)).list).toEqual([]);
    let seen = 0;
    for (let i = 0; i < 48; i += 1) {
      clock.advance(30 * 60_000);
      const { online, list } = await p.players(ref, query);
      expect(online).toBe(list.length);
      expect(list.length).toBeLessThanOrEqual(10);
      for (const player of list) expect(player.joinedAt.getTime()).toBeLessThanOrEqual(clock.now().getTime());
      seen = Math.max(seen, list.length);
    }
    expect(seen).toBeGreaterThan(0);
    expect((await p.players(ref, { ...query, max: 1 })).list.length).toBeLessThanOrEqual(1);
  });

  it('prints startup lines, echoes commands live, and refuses commands while stopped', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    clock.advance(10_000);
    const lines: PanelConsoleLine[] = [];
    const session = await p.openConsole(ref, { line: (l) => lines.push(l), closed: () => {} });
    expect(lines.map((l) => l.line)).toContain('[Server thread/INFO]: Preparing level "world"');
    expect(lines.some((l) => l.line.startsWith('[Server thread/INFO]: Done ('))).toBe(true);

    await p.sendCommand(ref, 'say hello there');
    expect(lines.slice(-2).map((l) => l.line)).toEqual(['> say hello there', '[Server] hello there']);

    await p.power(ref, 'stop');
    clock.advance(3_000);
    await expect.poll(() => lines.map((l) => l.line)).toContain('Server stopped');
    await expect(p.sendCommand(ref, 'list')).rejects.toMatchObject({ code: 'server_offline' });

    await p.power(ref, 'start');
    clock.advance(6_000);
    await expect.poll(() => lines.filter((l) => l.line.startsWith('[Server thread/INFO]: Done (')).length).toBe(2);
    session.close();

    // A new viewer gets the recent lines, typed commands included, at most 100.
    const again: PanelConsoleLine[] = [];
    (await p.openConsole(ref, { line: (l) => again.push(l), closed: () => {} })).close();
    expect(again.map((l) => l.line)).toContain('> say hello there');
    expect(again.length).toBeLessThanOrEqual(100);
  });

  it('writes backups as real .tar.gz files, finished after a few seconds, and deletes them', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    const backup = await p.createBackup(ref, { name: 'Before the update', automatic: false });
    // Answered at once, with no size yet, as the panels answer: the archive is written in the background.
    expect(backup).toMatchObject({ name: 'Before the update', sizeBytes: 0, completedAt: null, automatic: false, successful: true });
    await expect(p.backupDownload(ref, backup.id)).rejects.toMatchObject({ code: 'backup_not_ready' });
    clock.advance(3_000);
    const [listed] = await p.listBackups(ref);
    expect(listed?.completedAt).toEqual(new Date(backup.createdAt.getTime() + 3_000));

    const download = await p.backupDownload(ref, backup.id);
    if (download.kind !== 'file') throw new Error('expected a file');
    expect(download.path).toBe(path.join(dataDir, 'backups', ref.panelServerId, `${backup.id}.tar.gz`));
    expect(download.fileName).toBe('Before-the-update.tar.gz');
    const bytes = readFileSync(download.path);
    expect(bytes.length).toBe(listed?.sizeBytes);
    // The server's own folder, as the game's seed laid it out.
    expect(tarNames(bytes)).toEqual(expect.arrayContaining(['eula.txt', 'server.jar', 'server.properties', 'world/', 'world/README.txt', 'plugins/']));

    await expect(p.backupDownload(ref, randomIds.uuid())).rejects.toMatchObject({ code: 'not_found' });
    await expect(p.backupDownload(ref, '../../etc/passwd')).rejects.toMatchObject({ code: 'not_found' });
    await p.deleteBackup(ref, backup.id);
    expect(await p.listBackups(ref)).toEqual([]);
  });

  it('lists one node per catalog location, and the users it holds servers for', async () => {
    const p = panel();
    expect(await p.listNodes()).toEqual([]);
    const catalog = { games: [], plans: [], addons: [], periods: [], packs: [], locations: [{ value: 'us-west', label: 'US West', sort: 1, hidden: false, capacity: null, panelLocation: null }] };
    await database.query(`insert into catalog_versions (version, catalog, created_at) values (1, $1, now())`, [JSON.stringify(catalog)]);
    expect(await p.listNodes()).toEqual([
      expect.objectContaining({ id: 'sim-node-us-west', location: 'us-west', serverLimit: 50, fqdn: '198.51.100.10' }),
    ]);
    expect(await p.listUsers()).toEqual([]);
  });
});
