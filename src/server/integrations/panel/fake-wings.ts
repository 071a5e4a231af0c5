import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * The fake panel's Client API and its Wings daemon: power, resources, commands, backups with
 * signed download URLs, and the console websocket (auth with a token, `send logs`, `console
 * output`, `token expiring`), with Wings' Origin check. Used by fake-pterodactyl.ts.
 */
export interface FakeBackup {
  uuid: string;
  name: string;
  content: Buffer;
  created_at: string;
  completed_at: string | null;
  is_successful: boolean;
}

export interface FakeRuntime {
  power: 'offline' | 'starting' | 'running' | 'stopping';
  backups: FakeBackup[];
  console: string[];
}

interface ServerLike {
  uuid: string;
  identifier: string;
  status: string | null;
  body: Record<string, unknown>;
}

type Answer = [number, unknown];

const errorBody = (code: string, status: number, detail: string) => ({ errors: [{ code, status: String(status), detail }] });

export function createFakeWings(options: { servers: () => ServerLike[]; baseUrl: () => string }) {
  const runtimes = new Map<string, FakeRuntime>();
  const tokens = new Map<string, string>();
  const sockets = new Map<string, Set<WebSocket>>();
  const downloads = new Map<string, Buffer>();
  const auths: string[] = [];
  const wss = new WebSocketServer({ noServer: true });
  let tokenCount = 0;

  function runtime(s: ServerLike): FakeRuntime {
    let r = runtimes.get(s.uuid);
    if (!r) {
      r = { power: s.status === null ? 'running' : 'offline', backups: [], console: ['[Pterodactyl Daemon]: Checking server disk space usage, this could take a few seconds...'] };
      runtimes.set(s.uuid, r);
    }
    return r;
  }

  function broadcast(uuid: string, event: string, ...args: unknown[]) {
    for (const ws of sockets.get(uuid) ?? []) ws.send(JSON.stringify({ event, args }));
  }

  function print(s: ServerLike, line: string) {
    const r = runtime(s);
    r.console.push(line);
    broadcast(s.uuid, 'console output', line);
  }

  const backupItem = (b: FakeBackup) => ({
    object: 'backup',
    attributes: {
      uuid: b.uuid,
      is_successful: b.is_successful,
      is_locked: false,
      name: b.name,
      ignored_files: [],
      checksum: b.completed_at ? `sha1:${b.uuid.slice(0, 8)}` : null,
      bytes: b.content.length,
      created_at: b.created_at,
      completed_at: b.completed_at,
    },
  });

  function route(method: string, url: URL, body: Record<string, unknown> | null): Answer | null {
    const m = url.pathname.match(/^\/api\/client\/servers\/([^/]+)(\/.*)?$/);
    if (!m) return null;
    const s = options.servers().find((x) => x.identifier === m[1] || x.uuid === m[1]);
    if (!s) return [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
    if (s.status === 'suspended') {
      return [409, errorBody('ConflictHttpException', 409, 'This server is currently suspended and the functionality requested is unavailable.')];
    }
    if (s.status === 'installing') {
      return [409, errorBody('ConflictHttpException', 409, 'This server has not yet completed its installation process, please try again later.')];
    }
    const r = runtime(s);
    const sub = m[2] ?? '';
    let b: RegExpMatchArray | null;
    if (method === 'GET' && sub === '/resources') {
      const running = r.power !== 'offline';
      return [200, {
        object: 'stats',
        attributes: {
          current_state: r.power,
          is_suspended: false,
          resources: {
            memory_bytes: running ? 536_870_912 : 0,
            cpu_absolute: running ? 42.517 : 0,
            disk_bytes: 123_456_789,
            network_rx_bytes: 0,
            network_tx_bytes: 0,
            uptime: running ? 3_600_000 : 0,
          },
        },
      }];
    }
    if (method === 'POST' && sub === '/power') {
      const signal = String(body?.signal ?? '');
      if (!['start', 'stop', 'restart', 'kill'].includes(signal)) return [422, errorBody('ValidationException', 422, 'The selected signal is invalid.')];
      r.power = signal === 'stop' || signal === 'kill' ? 'offline' : 'running';
      broadcast(s.uuid, 'status', r.power);
      print(s, `[Pterodactyl Daemon]: Server marked as ${r.power}...`);
      return [204, null];
    }
    if (method === 'POST' && sub === '/command') {
      if (r.power !== 'running') return [502, errorBody('HttpException', 502, 'Server must be online in order to send commands.')];
      print(s, `[Server] ${String(body?.command ?? '')}`);
      return [204, null];
    }
    if (method === 'GET' && sub === '/backups') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Math.min(Number(url.searchParams.get('per_page') ?? 20), 50);
      const slice = r.backups.slice((page - 1) * perPage, page * perPage);
      return [200, {
        object: 'list',
        data: slice.map(backupItem),
        meta: {
          pagination: { total: r.backups.length, count: slice.length, per_page: perPage, current_page: page, total_pages: Math.max(1, Math.ceil(r.backups.length / perPage)) },
          backup_count: r.backups.length,
        },
      }];
    }
    if (method === 'POST' && sub === '/backups') {
      const limit = Number((s.body.feature_limits as { backups?: number } | undefined)?.backups ?? 0);
      if (r.backups.filter((x) => x.is_successful || !x.completed_at).length >= limit) {
        return [400, errorBody('TooManyBackupsException', 400, `Cannot create a new backup, this server has reached its limit of ${limit} backups.`)];
      }
      const now = new Date().toISOString();
      const backup: FakeBackup = {
        uuid: randomUUID(),
        name: String(body?.name ?? `Backup at ${now}`),
        content: Buffer.from(`fake backup of ${s.identifier} at ${now}\n`),
        created_at: now,
        completed_at: now,
        is_successful: true,
      };
      r.backups.push(backup);
      return [200, backupItem(backup)];
    }
    if ((b = sub.match(/^\/backups\/([^/]+)(\/download)?$/))) {
      const backup = r.backups.find((x) => x.uuid === b![1]);
      if (!backup) return [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
      if (method === 'DELETE' && !b[2]) {
        r.backups.splice(r.backups.indexOf(backup), 1);
        return [204, null];
      }
      if (method === 'GET' && b[2]) {
        const token = randomUUID();
        downloads.set(token, backup.content);
        return [200, { object: 'signed_url', attributes: { url: `${options.baseUrl()}/download/backup?token=${token}` } }];
      }
    }
    if (method === 'GET' && sub === '/websocket') {
      tokenCount += 1;
      const token = `wings-token-${tokenCount}`;
      tokens.set(token, s.uuid);
      const socket = `${options.baseUrl().replace(/^http/, 'ws')}/api/servers/${s.uuid}/ws`;
      return [200, { data: { token, socket } }];
    }
    return [404, errorBody('NotFoundHttpException', 404, 'The requested resource could not be found on the server.')];
  }

  /** The signed backup URL, served without the API key, as Wings does. */
  function download(url: URL, res: ServerResponse): boolean {
    if (url.pathname !== '/download/backup') return false;
    const content = downloads.get(url.searchParams.get('token') ?? '');
    if (!content) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': content.length }).end(content);
    return true;
  }

  function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const m = (req.url ?? '').match(/^\/api\/servers\/([^/]+)\/ws$/);
    if (!m || req.headers.origin !== options.baseUrl()) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const uuid = m[1]!;
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('message', (data) => {
        const message = JSON.parse(String(data)) as { event: string; args?: unknown[] };
        const s = options.servers().find((x) => x.uuid === uuid);
        if (message.event === 'auth') {
          const token = String(message.args?.[0] ?? '');
          auths.push(token);
          if (tokens.get(token) !== uuid || !s) {
            ws.send(JSON.stringify({ event: 'jwt error', args: ['invalid token'] }));
            return;
          }
          let set = sockets.get(uuid);
          if (!set) sockets.set(uuid, (set = new Set()));
          set.add(ws);
          ws.send(JSON.stringify({ event: 'auth success' }));
          ws.send(JSON.stringify({ event: 'status', args: [runtime(s).power] }));
        } else if (message.event === 'send logs' && s && sockets.get(uuid)?.has(ws)) {
          for (const line of runtime(s).console.slice(-150)) ws.send(JSON.stringify({ event: 'console output', args: [line] }));
        }
      });
      ws.on('close', () => sockets.get(uuid)?.delete(ws));
    });
  }

  return {
    route,
    download,
    upgrade,
    runtime,
    /** Every token sent in an `auth` frame, in order. */
    auths,
    print,
    /** Tells every open console of the server that its token is about to expire. */
    expireTokens(s: ServerLike) {
      broadcast(s.uuid, 'token expiring');
    },
    /** Drops every open console socket of the server, as a daemon restart does. */
    dropSockets(s: ServerLike) {
      for (const ws of sockets.get(s.uuid) ?? []) ws.terminate();
    },
    openSockets: (s: ServerLike) => sockets.get(s.uuid)?.size ?? 0,
    close() {
      for (const set of sockets.values()) for (const ws of set) ws.terminate();
      wss.close();
    },
  };
}
