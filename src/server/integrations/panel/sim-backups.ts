import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock, Ids } from '../../lib/runtime';
import { PanelError, type BackupDownload, type PanelBackup } from './game-panel';
import type { SimServerRow } from './sim-power';
import { folderSources, writeTarGz } from './tar-archive';

/**
 * The simulated panel's backups: real .tar.gz files of the server's folder in
 * DATA_DIR/backups/<panel server id>/, each with a small JSON file beside it (name, times,
 * automatic, failed). As on a real node, asking for a backup answers at once and the archive is
 * written in the background: the server's folder is snapshotted (hard links, see sim-files.ts) so
 * the backup holds the files as they were when it was asked for, then streamed through gzip to
 * `<id>.tar.gz.part`, renamed when complete. A backup is done once that file is complete and
 * `backupSeconds` of the injected clock have passed since it was asked for; its size is given
 * then (0 before, as the panels report it), and it can be downloaded, restored or copied.
 */
interface Meta {
  id: string;
  name: string;
  createdAt: string;
  automatic: boolean;
  /** The archive could not be written; listed as unsuccessful, as the panels list theirs. */
  failed?: boolean;
}

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A .part no process of ours is writing and untouched this long was cut off (the process ended): failed. */
const STALE_PART_MS = 60_000;

export function createSimBackups(options: {
  dataDir: string;
  clock: Clock;
  ids: Ids;
  backupSeconds: number;
  /** Once the clock says a backup is done, how long a look waits for an archive this process is still writing (1 s). */
  settleMs?: number;
}) {
  const root = path.resolve(options.dataDir, 'backups');
  const folder = (panelServerId: string) => path.join(root, path.basename(panelServerId));
  const archive = (panelServerId: string, id: string) => path.join(folder(panelServerId), `${id}.tar.gz`);
  const partFile = (panelServerId: string, id: string) => `${archive(panelServerId, id)}.part`;
  const metaFile = (panelServerId: string, id: string) => path.join(folder(panelServerId), `${id}.json`);
  const snapshotDir = (panelServerId: string, id: string) => path.join(folder(panelServerId), `${id}.snapshot`);
  /** Archives this process is writing, by `<server>/<backup>`. */
  const writing = new Map<string, { done: Promise<void>; abort: AbortController }>();
  const key = (panelServerId: string, id: string) => `${panelServerId}/${id}`;

  async function toBackup(panelServerId: string, meta: Meta): Promise<PanelBackup | null> {
    const createdAt = new Date(meta.createdAt);
    const due = new Date(createdAt.getTime() + options.backupSeconds * 1000);
    const timeUp = options.clock.now() >= due;
    const pending = writing.get(key(panelServerId, meta.id));
    // Small archives are written well within the simulated time: give one a moment rather than
    // answer "still being made" past its time. A large one is simply not done yet.
    if (timeUp && pending) await Promise.race([pending.done, sleep(options.settleMs ?? 1000, undefined, { ref: false })]);
    const base = { id: meta.id, name: meta.name, createdAt, automatic: meta.automatic };
    const size = await stat(archive(panelServerId, meta.id)).then((s) => s.size, () => null);
    if (size !== null) return { ...base, sizeBytes: timeUp ? size : 0, completedAt: timeUp ? due : null, successful: true };
    if (meta.failed) return { ...base, sizeBytes: 0, completedAt: null, successful: false };
    const part = await stat(partFile(panelServerId, meta.id)).catch(() => null);
    const here = writing.has(key(panelServerId, meta.id));
    if (!part && !here) return null;
    const cutOff = !here && part !== null && Date.now() - part.mtimeMs > STALE_PART_MS;
    return { ...base, sizeBytes: 0, completedAt: null, successful: !cutOff };
  }

  async function readMeta(panelServerId: string, id: string): Promise<Meta | null> {
    if (!ID.test(id)) return null;
    try {
      return JSON.parse(await readFile(metaFile(panelServerId, id), 'utf8')) as Meta;
    } catch {
      return null;
    }
  }

  /** A finished backup of this server, or the panel's refusal. */
  async function finished(panelServerId: string, id: string, doing: string): Promise<{ meta: Meta; backup: PanelBackup }> {
    const meta = await readMeta(panelServerId, id);
    const backup = meta && (await toBackup(panelServerId, meta));
    if (!meta || !backup || !backup.successful) throw new PanelError(`no backup ${id}`, false, 'not_found', 404);
    if (!backup.completedAt) throw new PanelError(`backup ${id} is still being made, so it cannot be ${doing} yet`, false, 'backup_not_ready', 409);
    return { meta, backup };
  }

  /** Archives the snapshot in the background, then removes it; a failure marks the backup failed, never rejects. */
  function startWriting(panelServerId: string, meta: Meta) {
    const abort = new AbortController();
    const part = partFile(panelServerId, meta.id);
    const snapshot = snapshotDir(panelServerId, meta.id);
    const done = (async () => {
      try {
        await writeTarGz(folderSources(snapshot), part, abort.signal);
        await rename(part, archive(panelServerId, meta.id));
      } catch {
        await rm(part, { force: true }).catch(() => undefined);
        if (!abort.signal.aborted) await writeFile(metaFile(panelServerId, meta.id), JSON.stringify({ ...meta, failed: true })).catch(() => undefined);
      } finally {
        await rm(snapshot, { recursive: true, force: true }).catch(() => undefined);
        writing.delete(key(panelServerId, meta.id));
      }
    })();
    writing.set(key(panelServerId, meta.id), { done, abort });
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

    /**
     * A new backup of the server's folder as `snapshot` puts it under the given folder (at once,
     * whatever the size); the archive is written in the background.
     */
    async create(row: SimServerRow, input: { name: string; automatic: boolean }, snapshot: (dest: string) => Promise<void>): Promise<PanelBackup> {
      const now = options.clock.now();
      const meta: Meta = { id: options.ids.uuid(), name: input.name, createdAt: now.toISOString(), automatic: input.automatic };
      await mkdir(folder(row.id), { recursive: true });
      try {
        await snapshot(snapshotDir(row.id, meta.id));
      } catch (error) {
        await rm(snapshotDir(row.id, meta.id), { recursive: true, force: true });
        throw error;
      }
      await writeFile(metaFile(row.id, meta.id), JSON.stringify(meta));
      startWriting(row.id, meta);
      return { id: meta.id, name: meta.name, sizeBytes: 0, createdAt: now, completedAt: null, successful: true, automatic: meta.automatic };
    },

    /** The .tar.gz of a finished backup of this server, to put back. */
    async archiveOf(panelServerId: string, id: string): Promise<string> {
      await finished(panelServerId, id, 'restored');
      return archive(panelServerId, id);
    },

    /** Copies a finished backup (archive and details) to another server's backups, under the same id. */
    async copy(fromId: string, id: string, toId: string): Promise<void> {
      const { meta } = await finished(fromId, id, 'copied');
      await mkdir(folder(toId), { recursive: true });
      await copyFile(archive(fromId, id), archive(toId, id));
      await writeFile(metaFile(toId, id), JSON.stringify(meta));
    },

    /** Deletes a backup; one still being written here is stopped first. */
    async remove(panelServerId: string, id: string): Promise<void> {
      if (!ID.test(id)) return;
      const pending = writing.get(key(panelServerId, id));
      if (pending) {
        pending.abort.abort();
        await pending.done;
      }
      await rm(archive(panelServerId, id), { force: true });
      await rm(partFile(panelServerId, id), { force: true });
      await rm(snapshotDir(panelServerId, id), { recursive: true, force: true });
      await rm(metaFile(panelServerId, id), { force: true });
    },

    async download(panelServerId: string, id: string): Promise<BackupDownload> {
      const { backup } = await finished(panelServerId, id, 'downloaded');
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
