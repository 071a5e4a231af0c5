import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Clock, Ids } from '../../lib/runtime';
import { PanelError, type BackupDownload, type PanelBackup } from './game-panel';
import type { SimServerRow } from './sim-power';
import { tarGz, untarGz, type TarEntry } from './tar-archive';

/**
 * The simulated panel's backups: real .tar.gz files of the server's folder in
 * DATA_DIR/backups/<panel server id>/, each with a small JSON file beside it (name, times,
 * automatic). A backup is "being made" for `backupSeconds` of the injected clock after it was
 * asked for, and can be restored once it is done.
 */
interface Meta {
  id: string;
  name: string;
  createdAt: string;
  automatic: boolean;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createSimBackups(options: { dataDir: string; clock: Clock; ids: Ids; backupSeconds: number }) {
  const root = path.resolve(options.dataDir, 'backups');
  const folder = (panelServerId: string) => path.join(root, path.basename(panelServerId));
  const archive = (panelServerId: string, id: string) => path.join(folder(panelServerId), `${id}.tar.gz`);
  const metaFile = (panelServerId: string, id: string) => path.join(folder(panelServerId), `${id}.json`);

  async function toBackup(panelServerId: string, meta: Meta): Promise<PanelBackup | null> {
    const size = await stat(archive(panelServerId, meta.id)).then((s) => s.size, () => null);
    if (size === null) return null;
    const createdAt = new Date(meta.createdAt);
    const done = new Date(createdAt.getTime() + options.backupSeconds * 1000);
    return {
      id: meta.id,
      name: meta.name,
      sizeBytes: size,
      createdAt,
      completedAt: options.clock.now() >= done ? done : null,
      successful: true,
      automatic: meta.automatic,
    };
  }

  async function readMeta(panelServerId: string, id: string): Promise<Meta | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(metaFile(panelServerId, id), 'utf8')) as Meta;
    } catch {
      return null;
    }
  }

  return {
    async list(panelServerId: string): Promise<PanelBackup[]> {
      const names = await readdir(folder(panelServerId)).catch(() => [] as string[]);
      const found: PanelBackup[] = [];
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const meta = await readMeta(panelServerId, name.slice(0, -5));
        const backup = meta && (await toBackup(panelServerId, meta));
        if (backup) found.push(backup);
      }
      return found.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },

    /** Archives `files` (the server's folder at this moment) as a new backup. */
    async create(row: SimServerRow, input: { name: string; automatic: boolean }, files: TarEntry[]): Promise<PanelBackup> {
      const now = options.clock.now();
      const meta: Meta = { id: options.ids.uuid(), name: input.name, createdAt: now.toISOString(), automatic: input.automatic };
      const bytes = tarGz(files);
      await mkdir(folder(row.id), { recursive: true });
      await writeFile(archive(row.id, meta.id), bytes);
      await writeFile(metaFile(row.id, meta.id), JSON.stringify(meta));
      const backup = await toBackup(row.id, meta);
      if (!backup) throw new PanelError('sim panel: the backup file vanished', true);
      return backup;
    },

    /** The files of a finished backup of this server, to put back. */
    async contents(panelServerId: string, id: string): Promise<TarEntry[]> {
      const meta = await readMeta(panelServerId, id);
      const backup = meta && (await toBackup(panelServerId, meta));
      if (!backup) throw new PanelError(`no backup ${id}`, false, 'not_found', 404);
      if (!backup.completedAt) throw new PanelError(`backup ${id} is not finished yet`, false, 'backup_not_ready', 409);
      return untarGz(await readFile(archive(panelServerId, id)));
    },

    /** Copies a finished backup (archive and details) to another server's backups, under the same id. */
    async copy(fromId: string, id: string, toId: string): Promise<void> {
      const meta = await readMeta(fromId, id);
      const backup = meta && (await toBackup(fromId, meta));
      if (!meta || !backup) throw new PanelError(`no backup ${id}`, false, 'not_found', 404);
      if (!backup.completedAt) throw new PanelError(`backup ${id} is still being made`, false, 'backup_not_ready', 409);
      await mkdir(folder(toId), { recursive: true });
      await copyFile(archive(fromId, id), archive(toId, id));
      await writeFile(metaFile(toId, id), JSON.stringify(meta));
    },

    async remove(panelServerId: string, id: string): Promise<void> {
      if (!ID.test(id)) return;
      await rm(archive(panelServerId, id), { force: true });
      await rm(metaFile(panelServerId, id), { force: true });
    },

    async download(panelServerId: string, id: string): Promise<BackupDownload> {
      const meta = await readMeta(panelServerId, id);
      const backup = meta && (await toBackup(panelServerId, meta));
      if (!backup) throw new PanelError(`no backup ${id}`, false, 'not_found', 404);
      if (!backup.completedAt) throw new PanelError(`backup ${id} is still being made`, false, 'backup_not_ready', 409);
      const safe = backup.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || 'backup';
      return {
        kind: 'file',
        path: archive(panelServerId, id),
        fileName: `${safe}.tar.gz`,
        sizeBytes: backup.sizeBytes,
        contentType: 'application/gzip',
      };
    },
  };
}
