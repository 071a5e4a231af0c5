import { isAutomaticBackupName } from './backup-policy';
import { queryGame, type GameStatus } from './game-query';
import { PanelError, type GamePanel, type PanelBackup, type PanelRef, type PanelServerState } from './game-panel';
import { createCredentialCache } from './console-credentials';
import { openConsoleSocket } from './pterodactyl-console';
import type { PanelHttp } from './pterodactyl-http';
import { pullRefusal } from './pterodactyl-move-checks';
import type { PanelItem, PanelList } from './pterodactyl-types';

/**
 * Server management through the Client API (`/api/client/servers/{identifier}/...`) with a client
 * key (PANEL_CLIENT_KEY) of a panel admin, who may act on every server.
 */
interface StatsAttributes {
  current_state: 'running' | 'starting' | 'stopping' | 'offline' | string;
  is_suspended: boolean;
  resources: { memory_bytes: number; cpu_absolute: number; disk_bytes: number; uptime?: number };
}

interface BackupAttributes {
  uuid: string;
  name: string;
  bytes: number;
  is_successful: boolean;
  created_at: string;
  completed_at: string | null;
}

type Management = Pick<
  GamePanel,
  | 'power'
  | 'resources'
  | 'players'
  | 'openConsole'
  | 'sendCommand'
  | 'listBackups'
  | 'createBackup'
  | 'deleteBackup'
  | 'backupDownload'
  | 'restoreBackup'
  | 'copyBackup'
>;

const enc = encodeURIComponent;

export function panelPowerState(stats: StatsAttributes): PanelServerState {
  if (stats.is_suspended) return 'suspended';
  if (stats.current_state === 'running') return 'online';
  if (stats.current_state === 'starting' || stats.current_state === 'stopping') return stats.current_state;
  return 'offline';
}

function toBackup(b: BackupAttributes): PanelBackup {
  return {
    id: b.uuid,
    name: b.name,
    sizeBytes: b.bytes,
    createdAt: new Date(b.created_at),
    completedAt: b.completed_at && b.is_successful ? new Date(b.completed_at) : null,
    successful: b.completed_at === null || b.is_successful,
    automatic: isAutomaticBackupName(b.name),
  };
}

/** How long a node may take to download a backup for a region move, and to unpack it. */
const PULL_TIMEOUT_MS = 15 * 60 * 1000;
/** A pull whose file has not grown for this long failed (Wings tells no one): 2 minutes. */
export const PULL_STALL_MS = 2 * 60 * 1000;

export function createClientApi(options: {
  http: PanelHttp | null;
  panelUrl: string;
  now(): Date;
  pullPollMs?: number;
  /** How long a region move's download may go without a byte arriving before it counts as failed. */
  pullStallMs?: number;
  /**
   * Pelican answers 204 to a command for a stopped server and drops it (Server::send ignores
   * Wings' 502), so the power state is read first. It can be up to 20 s old (the panel's cache).
   */
  commandNeedsStateCheck?: boolean;
}): Management {
  const firstSeen = new Map<string, Map<string, Date>>();
  const asked = new Map<string, { at: number; status: Promise<GameStatus | null> }>();

  /** The game's answer, asked at most every 15 s per server however often pages poll. */
  function gameStatus(identifier: string, game: string, ip: string, port: number): Promise<GameStatus | null> {
    const now = options.now().getTime();
    const cached = asked.get(identifier);
    if (cached && now - cached.at < 15_000) return cached.status;
    const status = queryGame(game, ip, port);
    asked.set(identifier, { at: now, status });
    return status;
  }

  function client(): PanelHttp {
    if (!options.http) throw new PanelError('PANEL_CLIENT_KEY is not set: server management is off', false, 'not_configured');
    return options.http;
  }
  const base = (ref: PanelRef) => `/api/client/servers/${enc(ref.identifier)}`;
  // One token per server for every viewer on this instance (Pelican allows 5 a minute per server).
  const credentials = createCredentialCache(
    async (identifier) => (await client().request<{ data: { token: string; socket: string } }>('GET', `/api/client/servers/${enc(identifier)}/websocket`)).data,
    () => options.now().getTime(),
  );

  return {
    async power(ref, signal) {
      await client().request('POST', `${base(ref)}/power`, { signal });
    },

    async resources(ref) {
      const stats = (await client().request<PanelItem<StatsAttributes>>('GET', `${base(ref)}/resources`)).attributes;
      const running = stats.current_state !== 'offline';
      return {
        state: panelPowerState(stats),
        cpuPercent: Math.round(stats.resources.cpu_absolute * 10) / 10,
        memoryBytes: stats.resources.memory_bytes,
        diskBytes: stats.resources.disk_bytes,
        uptimeSeconds: running ? Math.floor((stats.resources.uptime ?? 0) / 1000) : 0,
      };
    },

    async players(ref, query) {
      const status = query.ip && query.port ? await gameStatus(ref.identifier, query.game, query.ip, query.port) : null;
      const seen = firstSeen.get(ref.identifier) ?? new Map<string, Date>();
      const now = options.now();
      // The games do not say when a player joined: we answer when we first saw them.
      const list = (status?.names ?? []).map((name) => ({ name, joinedAt: seen.get(name) ?? now }));
      firstSeen.set(ref.identifier, new Map(list.map((p) => [p.name, p.joinedAt])));
      return { online: status?.online ?? 0, list };
    },

    async openConsole(ref, handlers) {
      return openConsoleSocket(
        {
          credentials: (replacing) => credentials.get(ref.identifier, replacing),
          origin: options.panelUrl,
          now: options.now,
        },
        handlers,
      );
    },

    async sendCommand(ref, command) {
      if (options.commandNeedsStateCheck) {
        const stats = (await client().request<PanelItem<StatsAttributes>>('GET', `${base(ref)}/resources`)).attributes;
        if (panelPowerState(stats) === 'offline') throw new PanelError('the server is not running', false, 'server_offline', 502);
      }
      try {
        await client().request('POST', `${base(ref)}/command`, { command });
      } catch (error) {
        // Wings answers 502 "Server must be online in order to send commands."
        if (error instanceof PanelError && error.status === 502) {
          throw new PanelError('the server is not running', false, 'server_offline', 502);
        }
        throw error;
      }
    },

    async listBackups(ref) {
      const backups: PanelBackup[] = [];
      for (let page = 1; page <= 20; page += 1) {
        const list = await client().request<PanelList<BackupAttributes>>('GET', `${base(ref)}/backups?per_page=50&page=${page}`);
        backups.push(...list.data.map((d) => toBackup(d.attributes)));
        if (page >= (list.meta?.pagination?.total_pages ?? 1)) break;
      }
      return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    },

    async createBackup(ref, input) {
      const created = await client().request<PanelItem<BackupAttributes>>('POST', `${base(ref)}/backups`, { name: input.name });
      return toBackup(created.attributes);
    },

    async deleteBackup(ref, backupId) {
      try {
        await client().request('DELETE', `${base(ref)}/backups/${enc(backupId)}`);
      } catch (error) {
        if (!(error instanceof PanelError && error.code === 'not_found')) throw error;
      }
    },

    async restoreBackup(ref, backupId) {
      try {
        // truncate: the backup replaces the folder, as a rollback needs (files made since are removed).
        await client().request('POST', `${base(ref)}/backups/${enc(backupId)}/restore`, { truncate: true });
      } catch (error) {
        // BackupController::restore answers 400 for a server that is not installed or busy, and for an unfinished or failed backup.
        if (error instanceof PanelError && error.status === 400) {
          const unfinished = /backup cannot be restored/i.test(error.message);
          throw new PanelError(error.message, false, unfinished ? 'backup_not_ready' : 'not_ready', 400);
        }
        throw error;
      }
    },

    async backupDownload(ref, backupId) {
      const signed = await client().request<PanelItem<{ url: string }>>('GET', `${base(ref)}/backups/${enc(backupId)}/download`);
      return { kind: 'redirect', url: signed.attributes.url };
    },

    async copyBackup(from, backupId, to) {
      // The Client API has no cross-server restore: the target's node pulls the backup's signed
      // URL (FileController::pull) and unpacks it (::decompress) over an emptied root.
      const http = client();
      const archive = `.spawnpoint-move-${backupId.slice(0, 8)}.tar.gz`;
      // The signed URL first: a missing backup leaves the target as it was.
      const signed = await http.request<PanelItem<{ url: string }>>('GET', `${base(from)}/backups/${enc(backupId)}/download`);
      const { bytes } = (await http.request<PanelItem<BackupAttributes>>('GET', `${base(from)}/backups/${enc(backupId)}`)).attributes;
      const listRoot = async () => (await http.request<PanelList<{ name: string; size: number }>>('GET', `${base(to)}/files/list?directory=%2F`)).data.map((d) => d.attributes);
      const names = (await listRoot()).map((f) => f.name);
      if (names.length > 0) await http.request('POST', `${base(to)}/files/delete`, { root: '/', files: names });
      // In the background: a foreground pull is bounded by the panel's own GUZZLE_TIMEOUT (15 s).
      // The panel answers 204 whatever the node then does: Wings downloads in a goroutine and only
      // logs a refusal (a private source address, a full disk, a failed request). The file is
      // written as it downloads, so it is whole once it has the backup's size, and a download that
      // failed shows as no file, or one that stops growing.
      try {
        await http.request('POST', `${base(to)}/files/pull`, { url: signed.attributes.url, directory: '/', filename: archive, foreground: false });
      } catch (error) {
        throw pullRefusal(error) ?? error;
      }
      const stallMs = options.pullStallMs ?? PULL_STALL_MS;
      const deadline = options.now().getTime() + PULL_TIMEOUT_MS;
      let seen = -1;
      let grewAt = Date.now();
      for (;;) {
        const file = (await listRoot()).find((f) => f.name === archive);
        if (file && file.size >= bytes) break;
        const size = file?.size ?? -1;
        if (size > seen) {
          seen = size;
          if (size >= 0) grewAt = Date.now();
        }
        if (Date.now() - grewAt > stallMs) {
          const words = seen < 0 ? 'never started writing' : `stopped at ${seen} of ${bytes} bytes`;
          throw new PanelError(`the new server's node ${words} the backup for ${Math.round(stallMs / 1000)} s: the download failed`, false, 'pull_failed');
        }
        if (options.now().getTime() > deadline) throw new PanelError('the new server did not finish downloading the backup', true, 'timeout');
        await new Promise((r) => setTimeout(r, options.pullPollMs ?? 1_000));
      }
      // The panel gives its node 15 minutes to unpack: we wait as long.
      try {
        await http.request('POST', `${base(to)}/files/decompress`, { root: '/', file: archive }, { timeoutMs: PULL_TIMEOUT_MS });
      } catch (error) {
        // SpaceAvailableForDecompression: the unpacked files must fit beside the archive.
        if (error instanceof PanelError && /not enough disk space/i.test(error.message)) {
          throw new PanelError('The new server has no room to unpack the backup beside its archive.', false, 'disk_too_small', error.status);
        }
        throw error;
      }
      await http.request('POST', `${base(to)}/files/delete`, { root: '/', files: [archive] });
    },
  };
}
