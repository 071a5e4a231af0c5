import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { normalPath, pathProblem } from '../../../shared/schemas/server-files';
import { PanelError, type FileDownload, type PanelFileEntry } from './game-panel';
import { simSeedFiles } from './sim-files-seed';
import type { SimServerRow } from './sim-power';
import type { TarEntry } from './tar-archive';

const badPath = (message: string) => new PanelError(message, false, 'bad_path', 400);
const missing = () => new PanelError('No such file or folder.', false, 'file_not_found', 404);

/**
 * The simulated panel's files: a real folder per server in DATA_DIR/files/<panel server id>/,
 * seeded with the game's usual files the first time it is opened. Every path is walked from the
 * root with lstat, so a symlink anywhere on the way is refused rather than followed.
 */
export function createSimFiles(options: { dataDir: string }) {
  const base = path.resolve(options.dataDir, 'files');
  const rootOf = (row: SimServerRow) => path.join(base, path.basename(row.id));

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

  /** Every folder and file of the server (links and unfinished uploads left out), parents first. */
  async function archive(row: SimServerRow): Promise<TarEntry[]> {
    const top = await root(row);
    const entries: TarEntry[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const name of (await readdir(path.join(top, dir))).sort()) {
        const rel = dir ? `${dir}/${name}` : name;
        const info = await lstat(path.join(top, rel)).catch(() => null);
        if (!info || info.isSymbolicLink() || name.includes('.upload-')) continue;
        if (info.isDirectory()) {
          entries.push({ name: rel, content: '', mtime: info.mtime, folder: true });
          await walk(rel);
        } else {
          entries.push({ name: rel, content: await readFile(path.join(top, rel)), mtime: info.mtime });
        }
      }
    };
    await walk('');
    return entries;
  }

  /** Empties the server's folder and writes the entries into it; names that would leave it are refused. */
  async function replaceAll(row: SimServerRow, entries: TarEntry[]): Promise<void> {
    for (const entry of entries) {
      const problem = pathProblem(entry.name);
      if (problem || !normalPath(entry.name)) throw new PanelError(`the backup holds a path that cannot be restored: ${entry.name}`, false, 'bad_backup', 422);
    }
    const top = await root(row);
    for (const name of await readdir(top)) await rm(path.join(top, name), { recursive: true, force: true });
    for (const entry of entries) {
      const abs = path.join(top, normalPath(entry.name));
      if (entry.folder) {
        await mkdir(abs, { recursive: true });
        continue;
      }
      await mkdir(path.dirname(abs), { recursive: true });
      await writeFile(abs, entry.content);
      await utimes(abs, entry.mtime, entry.mtime);
    }
  }

  /** Writes files (and folders) an install puts in place, over what is there; the rest stays. */
  async function install(row: SimServerRow, put: { folders: string[]; files: Record<string, string> }): Promise<void> {
    const top = await root(row);
    for (const folder of put.folders) await mkdir(path.join(top, folder), { recursive: true });
    for (const [name, content] of Object.entries(put.files)) {
      await mkdir(path.dirname(path.join(top, name)), { recursive: true });
      await writeFile(path.join(top, name), content);
    }
  }

  return {
    usedBytes,
    archive,
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
      await writeFile(found.abs, content);
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
      let seen = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          seen += chunk.length;
          if (seen > maxBytes) done(new PanelError('The file is larger than the upload limit.', false, 'too_large', 413));
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
