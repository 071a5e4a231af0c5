import WebSocket from 'ws';
import { PanelError, type ConsoleHandlers, type ConsoleSession } from './game-panel';

/**
 * The server's console through the panel's websocket (Wings), proxied by our server so the
 * browser never sees the panel or a token. Protocol: `{"event","args"}` JSON frames; we send
 * `auth` with the token from GET /api/client/servers/{id}/websocket, then `send logs` once for
 * the recent output. Tokens last about 10 minutes: on `token expiring` (and `token expired`/`jwt
 * error`) a fresh one is fetched and sent as a new `auth` on the same socket; a fresh token refused
 * as well closes the socket. A socket that drops is reopened a few times with backoff before the
 * viewer is told the console closed.
 */
export interface ConsoleSocketOptions {
  /**
   * GET /websocket: a token and the socket URL, possibly one shared with other viewers
   * (console-credentials.ts); `replacing` is the token the node warned about or refused, never answered again.
   */
  credentials(replacing?: string): Promise<{ token: string; socket: string }>;
  /** Wings only accepts sockets whose Origin is the panel's URL. */
  origin: string;
  now(): Date;
  reconnects?: number;
  /** Milliseconds to wait for `auth success`. */
  openTimeoutMs?: number;
  /** First reconnect delay in milliseconds, doubled each time. */
  backoffMs?: number;
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

export function stripAnsi(text: string): string {
  return text.replace(ANSI, '').replace(/\r/g, '');
}

function send(socket: WebSocket, event: string, ...args: unknown[]) {
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ event, args }));
}

export async function openConsoleSocket(options: ConsoleSocketOptions, handlers: ConsoleHandlers): Promise<ConsoleSession> {
  const maxReconnects = options.reconnects ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  let closed = false;
  let current: WebSocket | null = null;
  let askedForLogs = false;
  let failures = 0;
  let sentToken = '';

  const emit = (text: string) => {
    for (const line of stripAnsi(text).split('\n')) {
      if (line.length > 0 && !closed) handlers.line({ line, at: options.now() });
    }
  };

  async function reauthenticate(socket: WebSocket, replacing: string) {
    try {
      const { token } = await options.credentials(replacing);
      sentToken = token;
      send(socket, 'auth', token);
    } catch {
      socket.close();
    }
  }

  function connect(): Promise<void> {
    return options.credentials().then(({ token, socket: url }) => {
      sentToken = token;
      if (closed) return undefined;
      return new Promise<void>((resolve, reject) => {
        const socket = new WebSocket(url, { origin: options.origin, handshakeTimeout: options.openTimeoutMs ?? 10_000 });
        current = socket;
        let authed = false;
        // Tokens the node refused in a row: a fresh one refused too (a node clock ahead of the
        // panel's, a changed key) will not get better by asking again at once.
        let refused = 0;
        const timer = setTimeout(() => {
          if (authed) return;
          socket.terminate();
          reject(new PanelError('console: the panel did not accept the token', true, 'panel_unreachable'));
        }, options.openTimeoutMs ?? 10_000);
        socket.on('open', () => send(socket, 'auth', token));
        socket.on('message', (data) => {
          let message: { event?: string; args?: unknown[] };
          try {
            message = JSON.parse(String(data)) as typeof message;
          } catch {
            return;
          }
          const first = typeof message.args?.[0] === 'string' ? (message.args[0] as string) : '';
          switch (message.event) {
            case 'auth success':
              refused = 0;
              if (!authed) {
                authed = true;
                failures = 0;
                clearTimeout(timer);
                if (!askedForLogs) {
                  askedForLogs = true;
                  send(socket, 'send logs', null);
                }
                resolve();
              }
              break;
            case 'console output':
            case 'install output':
              emit(first);
              break;
            case 'daemon message':
              emit(`[Daemon] ${first}`);
              break;
            case 'daemon error':
              emit(`[Daemon error] ${first}`);
              break;
            case 'token expiring':
            case 'token expired':
              void reauthenticate(socket, sentToken);
              break;
            case 'jwt error':
              refused += 1;
              // Closing hands over to the reconnects, with their backoff and their limit.
              if (refused > 1) socket.close();
              else void reauthenticate(socket, sentToken);
              break;
            default:
              break;
          }
        });
        socket.on('error', () => {
          // 'close' follows and decides.
        });
        socket.on('close', () => {
          clearTimeout(timer);
          if (!authed) {
            reject(new PanelError('console: the panel closed the socket', true, 'panel_unreachable'));
            return;
          }
          if (!closed && current === socket) void reconnect();
        });
      });
    });
  }

  async function reconnect(): Promise<void> {
    while (!closed) {
      failures += 1;
      if (failures > maxReconnects) {
        closed = true;
        handlers.closed('The console connection to the game panel was lost.');
        return;
      }
      await new Promise((r) => setTimeout(r, backoffMs * 2 ** (failures - 1)));
      if (closed) return;
      try {
        await connect();
        return;
      } catch {
        // Try again, up to maxReconnects.
      }
    }
  }

  await connect();
  return {
    close() {
      closed = true;
      current?.close();
    },
  };
}
