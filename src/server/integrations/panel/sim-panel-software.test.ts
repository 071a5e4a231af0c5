import { mkdtempSync, rmSync } from 'node:fs';
import { symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { randomIds } from '../../lib/runtime';
import { dbKinds, manualClock, openTestDatabase } from '../../test/test-app';
import { PanelError, type PanelRef } from './game-panel';
import { createSimPanel, isSimPanel } from './sim-panel';
import { tarGz, untarGz } from '../../test/fakes/tar-gz';

const base = { panelUserId: 'sim-user-1', name: 'World', game: 'minecraft', ramGb: 4, vcpu: 2, diskGb: 40, location: 'us-west' };

describe('tar archives', () => {
  it('reads back files, folders and names longer than 100 bytes', () => {
    const mtime = new Date('2030-01-15T12:00:00Z');
    const long = `world/${'region/'.repeat(20)}r.0.0.mca`;
    const entries = untarGz(tarGz([
      { name: 'world', content: '', mtime, folder: true },
      { name: long, content: Buffer.from([0, 1, 2, 250]), mtime },
      { name: 'server.properties', content: 'motd=Hi\n', mtime },
    ]));
    expect(entries.map((e) => [e.name, e.folder ?? false])).toEqual([['world', true], [long, false], ['server.properties', false]]);
    expect(entries[1]?.content).toEqual(Buffer.from([0, 1, 2, 250]));
    expect(entries[2]?.mtime).toEqual(mtime);
  });
});

describe.each(dbKinds)('simulated panel: restore, reinstall and injected failures on %s', (kind) => {
  let database: Database;
  let dispose: () => Promise<void>;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sim-software-'));
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
      { installSeconds: 30, capacity: 50, publicUrl: 'https://spawnpoint.test', dataDir, backupSeconds: 3, restoreSeconds: 5 },
    );

  async function onlineServer(p = panel()): Promise<PanelRef> {
    const created = await p.createServer({ ...base, externalId: randomIds.uuid() });
    clock.advance(30_000);
    return { panelServerId: created.panelServerId, identifier: created.identifier };
  }

  const names = async (p: ReturnType<typeof panel>, ref: PanelRef, dir = '') => (await p.listFiles(ref, dir)).map((e) => e.name).sort();

  it('restores a backup: the folder becomes what was backed up, through restoring, and the server ends stopped', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    await p.writeFile(ref, 'world/level.dat', 'seed 42');
    await p.createFolder(ref, 'world', 'region');
    const backup = await p.createBackup(ref, { name: 'Before', automatic: false });
    await expect(p.restoreBackup(ref, backup.id)).rejects.toMatchObject({ code: 'backup_not_ready' });
    clock.advance(3_000);

    await p.writeFile(ref, 'world/level.dat', 'griefed');
    await p.writeFile(ref, 'made-later.txt', 'gone after the restore');
    await p.deleteFiles(ref, ['server.properties']);

    await p.restoreBackup(ref, backup.id);
    expect((await p.getServer(ref.panelServerId)).state).toBe('restoring');
    await expect(p.listFiles(ref, '')).rejects.toMatchObject({ code: 'not_ready', status: 409 });
    await expect(p.restoreBackup(ref, backup.id)).rejects.toMatchObject({ code: 'not_ready' });
    clock.advance(5_000);
    expect((await p.getServer(ref.panelServerId)).state).toBe('offline');
    expect(await p.readFile(ref, 'world/level.dat', 1024)).toBe('seed 42');
    expect(await names(p, ref)).not.toContain('made-later.txt');
    expect(await names(p, ref)).toContain('server.properties');
    expect(await names(p, ref, 'world')).toEqual(['README.txt', 'level.dat', 'region']);

    await expect(p.restoreBackup(ref, randomIds.uuid())).rejects.toMatchObject({ code: 'not_found' });
    const other = await onlineServer(p);
    await expect(p.restoreBackup(other, backup.id)).rejects.toMatchObject({ code: 'not_found' });
  });

  it('leaves links out of a backup, so a restore never writes through one', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    await p.listFiles(ref, '');
    await symlink('/etc', path.join(dataDir, 'files', ref.panelServerId, 'escape'));
    const backup = await p.createBackup(ref, { name: 'With a link', automatic: false });
    clock.advance(3_000);
    await p.restoreBackup(ref, backup.id);
    clock.advance(5_000);
    expect(await names(p, ref)).not.toContain('escape');
  });

  it('reinstalls with other software: the server stops, installs, and keeps its world and configs', async () => {
    const p = panel();
    const ref = await onlineServer(p);
    await p.writeFile(ref, 'world/level.dat', 'seed 42');
    await p.writeFile(ref, 'server.properties', 'motd=Our place\n');
    expect(await p.readFile(ref, 'server.jar', 1024)).toContain('Vanilla');

    await p.reinstall(ref, { game: 'minecraft', software: 'paper', version: '1.21.1' });
    expect((await p.getServer(ref.panelServerId)).state).toBe('installing');
    await expect(p.power(ref, 'start')).rejects.toMatchObject({ code: 'not_ready' });
    await expect(p.reinstall(ref, { game: 'minecraft', software: 'fabric', version: '1.21.1' })).rejects.toMatchObject({ code: 'not_ready' });
    clock.advance(30_000);
    expect((await p.getServer(ref.panelServerId)).state).toBe('offline');
    expect(await p.readFile(ref, 'server.jar', 1024)).toBe('Paper 1.21.1 server (simulated jar)\n');
    expect(await p.readFile(ref, 'world/level.dat', 1024)).toBe('seed 42');
    expect(await p.readFile(ref, 'server.properties', 1024)).toBe('motd=Our place\n');
    expect(await names(p, ref, 'config')).toEqual(['paper-global.yml']);

    const lines: string[] = [];
    (await p.openConsole(ref, { line: (l) => lines.push(l.line), closed: () => {} })).close();
    expect(lines).toContain('[Installer] Installing Paper 1.21.1');

    await p.power(ref, 'start');
    clock.advance(6_000);
    expect((await p.resources(ref)).state).toBe('online');
    lines.length = 0;
    (await p.openConsole(ref, { line: (l) => lines.push(l.line), closed: () => {} })).close();
    expect(lines).toContain('[Server thread/INFO]: Starting minecraft server version 1.21.1 (Paper)');
  });

  it('fails at an injected step with a PanelError, the given number of times, before changing anything', async () => {
    const p = panel();
    expect(isSimPanel(p)).toBe(true);
    const ref = await onlineServer(p);
    p.injectFailure('createBackup', 2);
    for (let i = 0; i < 2; i += 1) {
      const error = await p.createBackup(ref, { name: 'x', automatic: false }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PanelError);
      expect(error).toMatchObject({ code: 'panel_error', retryable: false, status: 500 });
    }
    expect(await p.listBackups(ref)).toEqual([]);
    await p.createBackup(ref, { name: 'third time', automatic: false });

    p.injectFailure('power', 1, { retryable: true, status: 503 });
    await expect(p.power(ref, 'stop')).rejects.toMatchObject({ retryable: true, status: 503 });
    expect((await p.resources(ref)).state).toBe('online');

    p.injectFailure('reinstall');
    await expect(p.reinstall(ref, { game: 'minecraft', software: 'forge', version: '1.20.1' })).rejects.toBeInstanceOf(PanelError);
    expect((await p.getServer(ref.panelServerId)).state).toBe('online');

    for (const step of ['restoreBackup', 'createServer', 'deleteServer']) p.injectFailure(step);
    await expect(p.restoreBackup(ref, randomIds.uuid())).rejects.toMatchObject({ message: 'simulated panel failure at restoreBackup' });
    await expect(p.createServer({ ...base, externalId: randomIds.uuid() })).rejects.toMatchObject({ message: 'simulated panel failure at createServer' });
    await expect(p.deleteServer(ref.panelServerId)).rejects.toMatchObject({ message: 'simulated panel failure at deleteServer' });
    expect((await p.getServer(ref.panelServerId)).state).toBe('online');

    p.injectFailure('getServer', 3);
    p.clearFailures();
    expect((await p.getServer(ref.panelServerId)).state).toBe('online');
  });

  it("'reinstall.install' makes the install script fail: install_failed, and a restore waits for a good reinstall", async () => {
    const p = panel();
    const ref = await onlineServer(p);
    const backup = await p.createBackup(ref, { name: 'Before', automatic: false });
    clock.advance(3_000);
    p.injectFailure('reinstall.install');
    await p.reinstall(ref, { game: 'minecraft', software: 'paper', version: '1.21.1' });
    clock.advance(30_000);
    expect((await p.getServer(ref.panelServerId)).state).toBe('install_failed');
    await expect(p.restoreBackup(ref, backup.id)).rejects.toMatchObject({ code: 'not_ready' });

    await p.reinstall(ref, { game: 'minecraft', software: 'vanilla', version: '1.21.1' });
    clock.advance(30_000);
    await p.restoreBackup(ref, backup.id);
    clock.advance(5_000);
    expect((await p.getServer(ref.panelServerId)).state).toBe('offline');
  });
});
