import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tarGz, untarGz } from '../../test/fakes/tar-gz';
import { createSimFiles } from './sim-files';
import type { SimServerRow } from './sim-power';
import { folderSources, readTarGz, writeTarGz } from './tar-archive';

const work = mkdtempSync(path.join(tmpdir(), 'tar-archive-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

async function readAll(file: string) {
  const entries: { name: string; folder: boolean; content: Buffer }[] = [];
  await readTarGz(file, async (entry, content) => {
    const chunks: Buffer[] = [];
    for await (const chunk of content) chunks.push(chunk);
    entries.push({ name: entry.name, folder: entry.folder, content: Buffer.concat(chunks) });
  });
  return entries;
}

describe('streamed .tar.gz archives', () => {
  it('writes a folder as tar reads it (long names, binary and empty files, no links) and reads it back', async () => {
    const dir = path.join(work, 'source');
    const long = `world/${'region/'.repeat(20)}r.0.0.mca`;
    const big = randomBytes(3 * 1024 * 1024 + 17);
    mkdirSync(path.join(dir, path.dirname(long)), { recursive: true });
    writeFileSync(path.join(dir, long), big);
    writeFileSync(path.join(dir, 'server.properties'), 'motd=Hi\n');
    writeFileSync(path.join(dir, 'empty.txt'), '');
    symlinkSync('/etc/passwd', path.join(dir, 'passwd'));
    const file = path.join(work, 'source.tar.gz');

    await writeTarGz(folderSources(dir), file);

    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toContain(long);
    expect(listed).toContain('server.properties');
    expect(listed).not.toContain('passwd');
    const entries = await readAll(file);
    expect(entries.find((e) => e.name === long)?.content.equals(big)).toBe(true);
    expect(entries.find((e) => e.name === 'empty.txt')?.content.length).toBe(0);
    expect(entries.filter((e) => e.folder).map((e) => e.name)).toEqual(expect.arrayContaining(['world', 'world/region']));
    // The same bytes as the in-memory reader finds.
    expect(untarGz(readFileSync(file)).map((e) => e.name)).toEqual(entries.map((e) => e.name));
  });

  it('skips what a visitor leaves unread, and refuses an archive cut short', async () => {
    const file = path.join(work, 'skip.tar.gz');
    const mtime = new Date('2030-01-15T12:00:00Z');
    await writeFile(file, tarGz([
      { name: 'a.bin', content: randomBytes(100_000), mtime },
      { name: 'b.txt', content: 'second', mtime },
    ]));
    const seen: string[] = [];
    await readTarGz(file, async (entry, content) => {
      seen.push(entry.name);
      if (entry.name === 'b.txt') for await (const chunk of content) expect(chunk.toString()).toBe('second');
    });
    expect(seen).toEqual(['a.bin', 'b.txt']);

    const whole = await readFile(file);
    const cut = path.join(work, 'cut.tar.gz');
    await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(readAll(cut)).rejects.toThrow();
  });

  it("restores into the simulator's folder only when the whole archive can be: a path leading out leaves the folder as it was", async () => {
    const files = createSimFiles({ dataDir: path.join(work, 'data') });
    const row = { id: randomUUID(), port: 25565, ramGb: 4, diskGb: 10, software: null, softwareVersion: null } as unknown as SimServerRow;
    await files.write(row, 'notes.txt', 'kept');
    const before = (await files.list(row, '')).map((e) => e.name).sort();
    const bad = path.join(work, 'bad.tar.gz');
    const mtime = new Date();
    await writeFile(bad, tarGz([
      { name: 'server.properties', content: 'motd=Overwritten', mtime },
      { name: '../escape.txt', content: 'out', mtime },
    ]));
    await expect(files.replaceAll(row, bad)).rejects.toMatchObject({ code: 'bad_backup' });
    expect((await files.list(row, '')).map((e) => e.name).sort()).toEqual(before);
    expect(await files.read(row, 'notes.txt', 1024)).toBe('kept');
    expect(await readdir(path.join(work, 'data'))).toEqual(['files']);
    expect((await readdir(path.join(work, 'data', 'files'))).filter((n) => n.includes('.restore-'))).toEqual([]);
  });
});
