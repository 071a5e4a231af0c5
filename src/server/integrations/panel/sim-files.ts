import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, link, lstat, mkdir, open, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DISK_FULL_MESSAGE, normalPath, pathProblem } from '../../../shared/schemas/server-files';
import { PanelError, type FileDownload, type PanelFileEntry } from './game-panel';
import { simSeedFiles } from './sim-files-seed';
import type { SimServerRow } from './sim-power';
import { readTarGz } from './tar-archive';

const badPath = (message: string) => new PanelError(message, false, 'bad_path', 400);
const missing = () => new PanelError('No such file or folder.', false, 'file_not_found', 404);
/** As Wings refuses a write past the server's disk (400 "not enough disk space"), in our words. */
const diskFull = () => new PanelError(DISK_FULL_MESSAGE, false, 'disk_full', 413);

/**
 * The simulated panel's files: a real folder per server in DATA_DIR/files/<panel server id>/,
 * seeded with the game's usual files the first time it is opened. Every path is walked from the
 * root with lstat, so a symlink anywhere on the way is refused rather than followed. A write or
 * upload that would take the folder past the plan's disk is refused, as Wings refuses it.
 */
export function createSimFiles(options: { dataDir: string; diskBytesPerGb?: number }) {
  const base = path.resolve(options.dataDir, 'files');
  const rootOf = (row: SimServerRow) => path.join(base, path.basename(row.id));
  const diskOf = (row: SimServerRow) => row.diskGb * (options.diskBytesPerGb ?? 1024 ** 3);

  async function root(row: SimServerRow): Promise<string> {
    const dir = rootOf(row);
    const made = await mkdir(dir, { recursive: true });
    if (made !== undefined) {
      const seed = simSeedFiles(row);
      for (const folder of seed.folders) await mkdir(path.join(dir, folder), { recursive: true });
      for (const [name, content] of Object.entries(seed.files)) {
        await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
        await writeFile(path.join(dir, name), content);
      }
    }
    return dir;
  }

  /** The absolute path of `rel` inside the root, every component checked; the last may be missing when allowed. */
  async function inside(row: SimServerRow, rel: string, allowMissing = false): Promise<{ abs: string; exists: boolean; folder: boolean }> {
    const problem = pathProblem(rel);
    if (problem) throw badPath(problem);
    const top = await root(row);
    const parts = normalPath(rel).split('/').filter(Boolean);
    let current = top;
    let folder = true;
    for (const [i, part] of parts.entries()) {
      current = path.join(current, part);
      const info = await lstat(current).catch(() => null);
      if (!info) {
        if (allowMissing && i === parts.length - 1) return { abs: current, exists: false, folder: false };
        throw missing();
      }
      if (info.isSymbolicLink()) throw badPath('Symbolic links cannot be opened here: they could point outside the server.');
      folder = info.isDirectory();
      if (!folder && i < parts.length - 1) throw missing();
    }
    const relative = path.relative(top, current);
    if (relative.startsWith('..') || path.isAbsolute(relative)) throw badPath("Paths must stay inside the server's root folder.");
    return { abs: current, exists: true, folder };
  }

  async function folderAt(row: SimServerRow, dir: string): Promise<string> {
    const found = await inside(row, dir);
    if (!found.folder) throw new PanelError('That is a file, not a folder.', false, 'bad_path', 400);
    return found.abs;
  }

  /** What the server's files take on disk (apparent sizes, as `du --apparent-size`); 0 before it is first opened. */
  async function usedBytes(row: SimServerRow): Promise<number> {
    let total = 0;
    const walk = async (dir: string): Promise<void> => {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names) {
        const info = await lstat(path.join(dir, name)).catch(() => null);
        if (!info || info.isSymbolicLink()) continue;
        if (info.isDirectory()) await walk(path.join(dir, name));
        else total += info.size;
      }
    };
    await walk(rootOf(row));
    return total;
  }

  /** The bytes a write may take at `abs` (what it replaces is freed): what is left of the plan's disk. */
  async function room(row: SimServerRow, abs: string): Promise<number> {
    const replaced = await lstat(abs).then((info) => (info.isFile() ? info.size : 0), () => 0);
    return diskOf(row) - (await usedBytes(row)) + replaced;
  }

  /**
   * The server's folder as it is now, under `dest`, for a backup to archive at its own pace: the
   * folders made again, the files hard-linked (copied where links are not possible), so it takes
   * no space and no time per byte. A link stays what it was because every write here replaces a
   * file (written beside it, then renamed over it) rather than changing it in place. Links and
   * unfinished uploads are left out.
   */
  async function snapshot(row: SimServerRow, dest: string): Promise<void> {
    const top = await root(row);
    const mirror = async (rel: string): Promise<void> => {
      const from = path.join(top, rel);
      const to = path.join(dest, rel);
      await mkdir(to, { recursive: true });
      for (const name of await readdir(from).catch(() => [] as string[])) {
        const info = await lstat(path.join(from, name)).catch(() => null);
        if (!info || info.isSymbolicLink() || name.includes('.upload-')) continue;
        if (info.isDirectory()) await mirror(rel ? `${rel}/${name}` : name);
        else if (info.isFile()) {
          await link(path.join(from, name), path.join(to, name)).catch(async (error: NodeJS.ErrnoException) => {
            if (error.code !== 'ENOENT') await copyFile(path.join(from, name), path.join(to, name)).catch(() => undefined);
          });
        }
      }
      const info = await lstat(from).catch(() => null);
      if (info) await utimes(to, info.atime, info.mtime);
    };
    await mirror('');
  }

  /** Writes a file whole, beside its place first, then renamed over it (never changed in place: see snapshot). */
  async function replaceFile(abs: string, content: string | Buffer): Promise<void> {
    const temp = `${abs}.upload-${randomUUID()}`;
    try {
      await writeFile(temp, content, { flag: 'wx' });
      await rename(temp, abs);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Puts a backup's .tar.gz in place of the server's folder, streaming: unpacked beside it first,
   * so a backup holding a path that would leave the folder (refused) or a broken one leaves the
   * folder as it was; then the folder is emptied and the unpacked files moved in.
   */
  async function replaceAll(row: SimServerRow, archivePath: string): Promise<void> {
    const top = await root(row);
    const staging = `${top}.restore-${randomUUID()}`;
    await mkdir(staging);
    try {
      await readTarGz(archivePath, async (entry, content) => {
        const problem = pathProblem(entry.name);
        if (problem || !normalPath(entry.name)) throw new PanelError(`the backup holds a path that cannot be restored: ${entry.name}`, false, 'bad_backup', 422);
        const abs = path.join(staging, normalPath(entry.name));
        if (entry.folder) {
          await mkdir(abs, { recursive: true });
          return;
        }
        await mkdir(path.dirname(abs), { recursive: true });
        await pipeline(Readable.from(content, { objectMode: false }), createWriteStream(abs));
        await utimes(abs, entry.mtime, entry.mtime);
      });
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      if (error instanceof PanelError) throw error;
      throw new PanelError(`the backup could not be read: ${(error as Error).message}`, false, 'bad_backup', 422);
    }
    for (const name of await readdir(top)) await rm(path.join(top, name), { recursive: true, force: true });
    for (const name of await readdir(staging)) await rename(path.join(staging, name), path.join(top, name));
    await rm(staging, { recursive: true, force: true });
  }

  /** Writes files (and folders) an install puts in place, over what is there; the rest stays. */
  async function install(row: SimServerRow, put: { folders: string[]; files: Record<string, string> }): Promise<void> {
    const top = await root(row);
    for (const folder of put.folders) await mkdir(path.join(top, folder), { recursive: true });
    for (const [name, content] of Object.entries(put.files)) {
      await mkdir(path.dirname(path.join(top, name)), { recursive: true });
      await replaceFile(path.join(top, name), content);
    }
  }

  return {
    usedBytes,
    snapshot,
    replaceAll,
    install,

    async list(row: SimServerRow, dir: string): Promise<PanelFileEntry[]> {
      const abs = await folderAt(row, dir);
      const prefix = normalPath(dir);
      const entries: PanelFileEntry[] = [];
      for (const name of await readdir(abs)) {
        const info = await lstat(path.join(abs, name)).catch(() => null);
        // Links are not listed: they are refused anyway, and may point outside the server.
        if (!info || info.isSymbolicLink() || name.includes('.upload-')) continue;
        entries.push({
          name,
          path: prefix ? `${prefix}/${name}` : name,
          kind: info.isDirectory() ? 'folder' : 'file',
          sizeBytes: info.isDirectory() ? 0 : info.size,
          modifiedAt: info.mtime,
          mime: null,
        });
      }
      return entries;
    },

    async read(row: SimServerRow, rel: string, maxBytes: number): Promise<string> {
      const found = await inside(row, rel);
      if (found.folder) throw badPath('That is a folder, not a file.');
      const info = await lstat(found.abs);
      if (info.size > maxBytes) throw new PanelError('The file is too large to edit here.', false, 'too_large', 413);
      const bytes = await readFile(found.abs);
      if (bytes.includes(0)) throw new PanelError('This file is not text: download it instead.', false, 'not_text', 415);
      return bytes.toString('utf8');
    },

    async write(row: SimServerRow, rel: string, content: string): Promise<void> {
      const found = await inside(row, rel, true);
      if (found.folder && found.exists) throw badPath('That is a folder, not a file.');
      const bytes = Buffer.from(content, 'utf8');
      // A write that does not grow the file is let through, so a full server can still be trimmed.
      const current = found.exists ? (await lstat(found.abs)).size : 0;
      if (bytes.length > current && bytes.length > (await room(row, found.abs))) throw diskFull();
      await replaceFile(found.abs, bytes);
    },

    async rename(row: SimServerRow, rel: string, newName: string): Promise<void> {
      const from = await inside(row, rel);
      const parent = normalPath(rel).split('/').slice(0, -1).join('/');
      const to = await inside(row, parent ? `${parent}/${newName}` : newName, true);
      if (to.exists) throw new PanelError(`Something named ${newName} is already there.`, false, 'file_exists', 409);
      await rename(from.abs, to.abs);
    },

    async remove(row: SimServerRow, paths: string[]): Promise<void> {
      for (const rel of paths) {
        const found = await inside(row, rel, true);
        if (found.exists) await rm(found.abs, { recursive: true, force: true });
      }
    },

    async mkdir(row: SimServerRow, dir: string, name: string): Promise<void> {
      await folderAt(row, dir);
      const target = await inside(row, dir ? `${dir}/${name}` : name, true);
      if (target.exists) throw new PanelError(`Something named ${name} is already there.`, false, 'file_exists', 409);
      await mkdir(target.abs);
    },

    async upload(row: SimServerRow, dir: string, name: string, body: NodeJS.ReadableStream, maxBytes: number): Promise<void> {
      await folderAt(row, dir);
      const target = await inside(row, dir ? `${dir}/${name}` : name, true);
      if (target.folder && target.exists) throw new PanelError(`A folder named ${name} is already there.`, false, 'file_exists', 409);
      // Written beside the target, then moved over it: a cut-off upload never leaves half a file.
      const temp = `${target.abs}.upload-${randomUUID()}`;
      const space = await room(row, target.abs);
      let seen = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          if (seen > maxBytes) done(new PanelError('The file is larger than the upload limit.', false, 'too_large', 413));
          else if (seen > space) done(diskFull());
          else done(null, chunk);
        },
      });
      try {
        await pipeline(body, limit, createWriteStream(temp, { flags: 'wx' }));
        await rename(temp, target.abs);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async download(row: SimServerRow, rel: string): Promise<FileDownload> {
      const found = await inside(row, rel);
      if (found.folder) throw badPath('Folders cannot be downloaded: download the files in it.');
      const handle = await open(found.abs, 'r');
      const info = await handle.stat().finally(() => handle.close());
      return { kind: 'file', path: found.abs, fileName: path.basename(found.abs), sizeBytes: info.size };
    },
  };
}
