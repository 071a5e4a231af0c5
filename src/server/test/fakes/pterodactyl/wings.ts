import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { FileNode } from './client-files';
import type { PanelServer, PanelState } from './panel-state';
import { TokenError, verifyNodeToken } from './node-jwt';

/**
 * The node daemon (Wings 1.11) as the panel and a console client meet it: power states with
 * their transitions, console output, backups that finish a moment after they start, single-use
 * signed backup downloads, and the server websocket (router/websocket): `auth` with the panel's
 * token, `auth success`, `status`, `stats`, `send logs`, `send stats`, `send command`, `set
 * state`, `console output`, `token expiring` (a minute before `exp`), `token expired`, `jwt error`
 * and `daemon error`, with the Origin check against the panel's URL.
 */
export type PowerState = 'offline' | 'starting' | 'running' | 'stopping';

export interface WingsBackup {
  uuid: string;
  name: string;
  content: Buffer;
  /** The server's files when the backup was taken (what a restore puts back). */
  files?: ReadonlyMap<string, FileNode>;
  created_at: string;
  completed_at: string | null;
  is_successful: boolean;
  checksum: string | null;
  bytes: number;
}

export interface WingsRuntime {
  power: PowerState;
  startedAt: number | null;
  console: string[];
  backups: WingsBackup[];
  /** What the server's volume holds; a test sets it to fill the disk. */
  diskBytes: number;
}

interface Connection {
  serverUuid: string;
  exp: number | null;
}

const send = (ws: WebSocket, event: string, ...args: string[]) => {
  ws.send(JSON.stringify(args.length ? { event, args } : { event }));
};

export function createWings(options: { state: PanelState; panelUrl: () => string; transitionMs: number; logCount?: number }) {
  const runtimes = new Map<string, WingsRuntime>();
  const sockets = new Map<WebSocket, Connection>();
  const usedDownloads = new Set<string>();
  const auths: string[] = [];
  const wss = new WebSocketServer({ noServer: true });
  const timers = new Set<NodeJS.Timeout>();
  let skewMs = 0;
  const now = () => options.state.clock.now() + skewMs;

  function runtime(s: Pick<PanelServer, 'uuid'>): WingsRuntime {
    let r = runtimes.get(s.uuid);
    if (!r) runtimes.set(s.uuid, (r = { power: 'offline', startedAt: null, console: [], backups: [], diskBytes: 123_456_789 }));
    return r;
  }

  function broadcast(uuid: string, event: string, ...args: string[]) {
    for (const [ws, c] of sockets) if (c.serverUuid === uuid && c.exp !== null) send(ws, event, ...args);
  }

  function print(s: Pick<PanelServer, 'uuid'>, line: string) {
    runtime(s).console.push(line);
    broadcast(s.uuid, 'console output', line);
  }

  /** The container's limit follows the panel's build (Wings syncs it in place on a build change). */
  function stats(s: Pick<PanelServer, 'uuid' | 'memory'>) {
    const r = runtime(s);
    const up = r.power === 'running' || r.power === 'starting';
    return {
      memory_bytes: up ? 536_870_912 : 0,
      memory_limit_bytes: s.memory * 1_048_576,
      cpu_absolute: up ? 42.517 : 0,
      network: { rx_bytes: up ? 1024 : 0, tx_bytes: up ? 2048 : 0 },
      uptime: up && r.startedAt ? Math.max(3_600_000, now() - r.startedAt) : 0,
      state: r.power,
      disk_bytes: r.diskBytes,
    };
  }

  function setPower(s: PanelServer, next: PowerState) {
    const r = runtime(s);
    r.power = next;
    if (next === 'running') r.startedAt = now();
    if (next === 'offline') r.startedAt = null;
    broadcast(s.uuid, 'status', next);
    print(s, `[Pterodactyl Daemon]: Server marked as ${next}...`);
  }

  function later(fn: () => void) {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, options.transitionMs);
    timers.add(timer);
  }

  /** server.HandlePowerAction: start and stop pass through starting and stopping; kill is at once. */
  function power(s: PanelServer, signal: string) {
    const r = runtime(s);
    if (signal === 'kill') return setPower(s, 'offline');
    if (signal === 'start' && r.power === 'offline') {
      setPower(s, 'starting');
      later(() => runtime(s).power === 'starting' && setPower(s, 'running'));
    }
    if ((signal === 'stop' || signal === 'restart') && r.power !== 'offline') {
      setPower(s, 'stopping');
      later(() => {
        if (runtime(s).power !== 'stopping') return;
        setPower(s, 'offline');
        if (signal === 'restart') power(s, 'start');
      });
    }
    if (signal === 'restart' && r.power === 'offline') power(s, 'start');
  }

  function authenticate(ws: WebSocket, c: Connection, token: string) {
    auths.push(token);
    const s = options.state.servers.find((x) => x.uuid === c.serverUuid);
    const node = options.state.nodes.find((n) => n.id === s?.node_id);
    let exp: number;
    try {
      const claims = verifyNodeToken(node?.daemon_token ?? '', token, now());
      if (claims.server_uuid !== c.serverUuid) throw new TokenError('jwt: server uuid mismatch', true);
      exp = claims.exp;
    } catch (error) {
      const jwt = error instanceof TokenError && error.jwt;
      const message = jwt ? (error as Error).message : 'an unexpected error was encountered while handling this request';
      send(ws, jwt ? 'jwt error' : 'daemon error', `Error Event [${randomUUID()}]: ${message}`);
      return;
    }
    const first = c.exp === null;
    c.exp = exp;
    send(ws, 'auth success');
    if (!first || !s) return;
    const state = runtime(s).power;
    send(ws, 'status', state);
    if (state === 'offline') send(ws, 'stats', JSON.stringify(stats(s)));
  }

  function inbound(ws: WebSocket, c: Connection, message: { event?: string; args?: unknown[] }) {
    const args = (message.args ?? []).map((a) => String(a ?? '')).join('');
    if (message.event === 'auth') return authenticate(ws, c, args);
    if (c.exp === null || c.exp * 1000 <= now()) {
      return send(ws, 'jwt error', `Error Event [${randomUUID()}]: ${c.exp === null ? 'jwt: no jwt present' : 'jwt: exp claim is invalid'}`);
    }
    const s = options.state.servers.find((x) => x.uuid === c.serverUuid);
    if (!s) return;
    const r = runtime(s);
    switch (message.event) {
      case 'send logs':
        if (r.power === 'running' || r.power === 'starting') {
          for (const line of r.console.slice(-(options.logCount ?? 150))) send(ws, 'console output', line);
        }
        return;
      case 'send stats':
        return send(ws, 'stats', JSON.stringify(stats(s)));
      case 'send command':
        if (r.power !== 'offline') print(s, `[Server] ${args}`);
        return;
      case 'set state':
        return power(s, args);
      default:
        return;
    }
  }

  /** The backup a signed /download/backup URL names, once per token (token.IsUniqueRequest); else Wings' error. */
  function readBackup(url: URL): { backup: WingsBackup } | { status: number; error: string } {
    const token = url.searchParams.get('token') ?? '';
    let claims: ReturnType<typeof verifyNodeToken> | null = null;
    for (const node of options.state.nodes) {
      try {
        claims = verifyNodeToken(node.daemon_token, token, now());
        break;
      } catch {
        // Another node's key, or no good at all.
      }
    }
    if (!claims) return { status: 403, error: 'You are not authorized to access this endpoint.' };
    const unique = String(claims.unique_id);
    if (usedDownloads.has(unique)) return { status: 404, error: 'The requested resource was not found on this server.' };
    usedDownloads.add(unique);
    const backup = runtime({ uuid: claims.server_uuid }).backups.find((b) => b.uuid === claims!.backup_uuid && b.completed_at);
    if (!backup) return { status: 404, error: 'The requested backup was not found on this server.' };
    return { backup };
  }

  return {
    runtime,
    print,
    power,
    stats,
    /** Every token sent in an `auth` frame, in order. */
    auths,
    /** The install script finished: a server created with start_on_completion boots. */
    installed(s: PanelServer) {
      if (s.start_on_completion) power(s, 'start');
    },
    /** Wings' 30-second tick over every socket: `token expiring` a minute before exp, `token expired` after. */
    checkTokens() {
      for (const [ws, c] of sockets) {
        if (c.exp === null) continue;
        const left = c.exp - Math.floor(now() / 1000);
        if (left <= 0) send(ws, 'token expired');
        else if (left <= 60) send(ws, 'token expiring');
      }
    },
    /** Moves the clock of the panel and Wings together, so tokens reach their expiry without waiting. */
    advanceClock(ms: number) {
      options.state.clock.advance(ms);
    },
    /** Puts Wings' clock `ms` ahead of the panel's (a node without NTP): fresh tokens look expired. */
    skew(ms: number) {
      skewMs = ms;
    },
    /** Tells every open console of the server that its token is about to expire (as the tick would). */
    expireTokens(s: Pick<PanelServer, 'uuid'>) {
      broadcast(s.uuid, 'token expiring');
    },
    /** Drops every open console socket of the server, as a daemon restart does. */
    dropSockets(s: Pick<PanelServer, 'uuid'>) {
      for (const [ws, c] of sockets) if (c.serverUuid === s.uuid) ws.terminate();
    },
    openSockets: (s: Pick<PanelServer, 'uuid'>) => [...sockets.values()].filter((c) => c.serverUuid === s.uuid).length,

    readBackup,

    /** GET /download/backup?token=: the panel's signed URL, good once. */
    download(url: URL, res: ServerResponse): boolean {
      if (url.pathname !== '/download/backup') return false;
      const found = readBackup(url);
      if (!('backup' in found)) {
        res.writeHead(found.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: found.error }));
        return true;
      }
      const { backup } = found;
      res
        .writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-length': backup.content.length,
          'content-disposition': `attachment; filename="${backup.uuid}.tar.gz"`,
        })
        .end(backup.content);
      return true;
    },

    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      const m = /^\/api\/servers\/([^/?]+)\/ws$/.exec(req.url ?? '');
      if (!m || !options.state.servers.some((s) => s.uuid === m[1])) {
        socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
        return;
      }
      if (req.headers.origin !== options.panelUrl()) {
        socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      wss.handleUpgrade(req, socket, head, (ws) => {
        const c: Connection = { serverUuid: m[1]!, exp: null };
        sockets.set(ws, c);
        ws.on('message', (data) => {
          try {
            inbound(ws, c, JSON.parse(String(data)) as { event?: string; args?: unknown[] });
          } catch {
            // Wings drops frames that are not JSON.
          }
        });
        ws.on('close', () => sockets.delete(ws));
      });
    },

    close() {
      for (const timer of timers) clearTimeout(timer);
      for (const ws of sockets.keys()) ws.terminate();
      wss.close();
    },
  };
}

export type FakeWings = ReturnType<typeof createWings>;
